/**
 * Paging of the server lists with keyset cursors (issue 8 §1; server: src/server/lib/list.ts).
 * Every list answer carries `meta.nextCursor`, the position after its last row. The pager keeps
 * a map page → cursor: the cursor that fetches page p is the `nextCursor` of page p-1, so
 * Next, and Previous back to a page seen before, seek by index whatever the depth. A page
 * with no known cursor (a jump in the pager) is fetched by `page` (an OFFSET), which the server
 * allows only up to MAX_LIST_OFFSET rows; the pager therefore offers at most the pages it can
 * reach. Past MAX_LIST_COUNT rows the total is capped (`totalCapped`): the count reads
 * "10,000+" and Next goes on page by page through the cursors. A change of filters, sort or
 * page size starts a new map (`resetKey`).
 */
import { useEffect, useRef, useState } from 'react';
import { MAX_LIST_OFFSET } from '../../shared/list-limits.js';

/** page number → the cursor that fetches it (the nextCursor of the page before). */
export type CursorMap = ReadonlyMap<number, string>;

/** What to send for `page`: its cursor if known, else the page number alone (an OFFSET). */
export function pageRequest(cursors: CursorMap, page: number): { page: number; cursor?: string } {
  const cursor = page > 1 ? cursors.get(page) : undefined;
  return cursor ? { page, cursor } : { page };
}

/** The last page an OFFSET may fetch with this page size ((page-1)×rows ≤ MAX_LIST_OFFSET). */
export function lastOffsetPage(rowsPerPage: number): number {
  return Math.floor(MAX_LIST_OFFSET / rowsPerPage) + 1;
}

/** Whether `page` can be fetched now: by a known cursor, or within the OFFSET bound. */
export function canReach(cursors: CursorMap, page: number, rowsPerPage: number): boolean {
  return page >= 1 && (page <= lastOffsetPage(rowsPerPage) || cursors.has(page));
}

/** The map after page `page` answered `meta`: its nextCursor fetches page+1 (none: dropped). */
export function rememberPage(
  cursors: CursorMap,
  page: number,
  meta: { nextCursor?: string | null },
): CursorMap {
  const known = cursors.get(page + 1);
  if ((meta.nextCursor ?? undefined) === known) return cursors;
  const next = new Map(cursors);
  if (meta.nextCursor) next.set(page + 1, meta.nextCursor);
  else next.delete(page + 1);
  return next;
}

/**
 * The number of pages the pager shows: every page of the total when it is exact (at most
 * MAX_LIST_COUNT rows, all within the OFFSET bound); when it is capped, the pages an OFFSET
 * reaches, or more when cursors reached further (so Next leads on while there is a
 * nextCursor).
 */
export function pagerPages(
  cursors: CursorMap,
  meta: { total: number; totalCapped?: boolean },
  rowsPerPage: number,
): number {
  const fromTotal = Math.ceil(meta.total / rowsPerPage);
  if (!meta.totalCapped) return fromTotal;
  // more than the cap match: every page an OFFSET reaches exists, and those reached by cursor
  const byCursor = cursors.size ? Math.max(...cursors.keys()) : 0;
  return Math.max(lastOffsetPage(rowsPerPage), byCursor);
}

interface PagingState {
  key: string;
  page: number;
  cursors: CursorMap;
}

const fresh = (key: string): PagingState => ({ key, page: 1, cursors: new Map() });

/**
 * The page and cursor map of one list. `resetKey` names the filters, sort and page size: when
 * it changes, the list starts again at page 1 with no cursors. `request` is what to send for
 * the current page; call `remember(key, page, meta)` with each answer (`key` as it was when
 * the request was made, so a late answer for old filters changes nothing).
 */
export function useListPaging(resetKey: string) {
  const [state, setState] = useState<PagingState>(() => fresh(resetKey));
  const current = state.key === resetKey ? state : fresh(resetKey);
  const latestKey = useRef(resetKey);
  useEffect(() => {
    latestKey.current = resetKey;
  }, [resetKey]);

  return {
    page: current.page,
    cursors: current.cursors,
    request: pageRequest(current.cursors, current.page),
    setPage: (page: number) =>
      setState((s) => {
        const base = s.key === resetKey ? s : fresh(resetKey);
        return { ...base, page };
      }),
    remember: (key: string, page: number, meta: { nextCursor?: string | null }) =>
      setState((s) => {
        if (key !== latestKey.current) return s;
        const base = s.key === key ? s : fresh(key);
        const cursors = rememberPage(base.cursors, page, meta);
        return cursors === base.cursors ? s : { ...base, cursors };
      }),
  };
}
