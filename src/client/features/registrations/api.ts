/** Applications calls shared by the pages of this feature. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, saveBlob, type Envelope } from '../../lib/api';
import { detailIdOf } from '../../lib/detailPath';
import { earlyDetail } from '../../lib/earlyDetail';
import { currentLang } from '../../lib/i18n';
import { getToken } from '../../lib/session';
import type { ApplicationDetail } from './types';

export const detailKey = (id: number) => ['/applications', 'detail', id] as const;

/** GET /api/applications/{id} (SPEC §4), the detail page's query. */
const detailQuery = (id: number, lang: string) => ({
  queryKey: detailKey(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<Envelope<ApplicationDetail>>(`/applications/${id}`, { lang }, signal),
});

export function useApplicationDetail(id: number, lang: string) {
  return useQuery({ ...detailQuery(id, lang), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * Opened at an application's detail URL, asks for the application at start-up (main.tsx),
 * alongside the page's code, rather than once the code has arrived and drawn: on a slow link
 * the answer is then usually in when the page first draws (issue 18 §5). When index.html's
 * outline script has already asked (lib/earlyDetail.ts), its answer is taken instead; if that
 * one failed, the query asks again through lib/api.ts, which reports the error as usual.
 */
export function prefetchApplicationDetail(client: QueryClient, pathname: string): void {
  const id = detailIdOf(pathname);
  if (!getToken() || id === null) return;
  const lang = currentLang();
  const query = detailQuery(id, lang);
  const early = earlyDetail(id, lang);
  if (!early) {
    void client.prefetchQuery(query);
    return;
  }
  void client.prefetchQuery({
    ...query,
    queryFn: async (ctx) => {
      const body = await early.promise.catch(() => null);
      return body ? (body as Envelope<ApplicationDetail>) : query.queryFn(ctx);
    },
  });
}

/** File name of a certificate: `certificate-<registration no with / as ->.pdf`. */
export function certificateFileName(registrationNo: string): string {
  return `certificate-${registrationNo.replace(/\//g, '-')}.pdf`;
}

/** Fetches the certificate PDF with the bearer token and saves it. */
export async function downloadCertificate(id: number, registrationNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/certificate.pdf`);
  saveBlob(blob, certificateFileName(registrationNo));
}

/**
 * Fetches the closure letter (issue 19 §2) of a closed registration, or of its approved closure
 * request, and saves it as `closure-letter-<registration no>.pdf`.
 */
export async function downloadClosureLetter(id: number, registrationNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/closure-letter.pdf`);
  saveBlob(blob, `closure-letter-${registrationNo.replace(/\//g, '-')}.pdf`);
}

/** Fetches the acknowledgement slip PDF (issue 19 §4) with the bearer token and saves it. */
export async function downloadAcknowledgement(id: number, submissionNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/acknowledgement`);
  saveBlob(blob, `acknowledgement-${submissionNo.replace(/\//g, '-')}.pdf`);
}

/** Single- or multiple-owner application (older answers carry no `kind`). */
export function kindOf(d: ApplicationDetail): 'single' | 'multiple' {
  return d.kind ?? ((d.owners?.length ?? 0) > 1 ? 'multiple' : 'single');
}
