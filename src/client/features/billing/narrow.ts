/**
 * The billing pages' narrow layout: below Mantine's `md` (62em) — a phone, or a tablet beside
 * the navbar — the refunds list and the reconciliation fold their columns so that no key
 * column is left to a sideways scroll. Read at the first render (no wide flash on a phone).
 */
import { useMediaQuery } from '@mantine/hooks';

export const NARROW = '(max-width: 62em)';

export function useNarrow(): boolean {
  return useMediaQuery(NARROW, false, { getInitialValueInEffect: false }) ?? false;
}
