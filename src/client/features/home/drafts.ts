/**
 * The new-application drafts an applicant has on this device (lib/useFormDraft.ts), so the
 * home can offer to continue them. The application form keeps one draft per kind under
 * `draftKey(user, 'application:<kind>')` (features/apply/ApplicationForm.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { draftKey, loadDraft } from '../../lib/useFormDraft';
import type { DraftInfo } from './nextAction';

const KINDS = ['single', 'multiple'] as const;

/** The business name typed into a draft's values, or ''. */
function businessNameOf(values: unknown): string {
  if (!values || typeof values !== 'object') return '';
  const v = (values as Record<string, unknown>).businessName;
  return typeof v === 'string' ? v.trim() : '';
}

/** Reads the drafts of `userId`'s new applications; none where IndexedDB is missing. */
export async function loadApplicationDrafts(userId: number): Promise<DraftInfo[]> {
  const found = await Promise.all(
    KINDS.map(async (kind) => {
      const d = await loadDraft(draftKey(userId, `application:${kind}`));
      return d ? { kind, businessName: businessNameOf(d.values), savedAt: d.savedAt } : null;
    }),
  );
  return found.filter((d): d is DraftInfo => d !== null);
}

/** The drafts as a query (read again whenever the home is opened). */
export function useApplicationDrafts(userId: number) {
  return useQuery({
    queryKey: ['home', 'drafts', userId],
    queryFn: () => loadApplicationDrafts(userId),
    enabled: userId > 0,
    staleTime: 0,
    gcTime: 0,
  });
}
