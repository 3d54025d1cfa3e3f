/**
 * The pager's cursor map (lib/listPaging.ts): which request a page makes, what an answer
 * stores, which pages are reachable and how many pages the pager offers.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_LIST_OFFSET } from '../../shared/schemas/list.js';
import {
  canReach,
  lastOffsetPage,
  pagerPages,
  pageRequest,
  rememberPage,
  useListPaging,
  type CursorMap,
} from './listPaging';

describe('cursor map', () => {
  it('sends the stored cursor for a page, else the page number (an OFFSET); page 1 never a cursor', () => {
    const m: CursorMap = new Map([
      [1, 'never'],
      [2, 'c2'],
    ]);
    expect(pageRequest(m, 1)).toEqual({ page: 1 });
    expect(pageRequest(m, 2)).toEqual({ page: 2, cursor: 'c2' });
    expect(pageRequest(m, 7)).toEqual({ page: 7 });
  });

  it('stores nextCursor of page p as the cursor of p+1, drops it on the last page, keeps identity when unchanged', () => {
    const a = rememberPage(new Map(), 1, { nextCursor: 'c2' });
    expect([...a]).toEqual([[2, 'c2']]);
    const b = rememberPage(a, 2, { nextCursor: 'c3' });
    expect([...b]).toEqual([
      [2, 'c2'],
      [3, 'c3'],
    ]);
    expect(rememberPage(b, 2, { nextCursor: 'c3' })).toBe(b);
    const c = rememberPage(b, 2, { nextCursor: null });
    expect([...c]).toEqual([[2, 'c2']]);
    expect(b.get(3)).toBe('c3'); // the old map is not changed
  });

  it('reaches a page within the OFFSET bound or by a known cursor', () => {
    expect(lastOffsetPage(25)).toBe(MAX_LIST_OFFSET / 25 + 1);
    expect(lastOffsetPage(100)).toBe(101);
    const m: CursorMap = new Map([[402, 'c402']]);
    expect(canReach(m, 401, 25)).toBe(true);
    expect(canReach(m, 402, 25)).toBe(true);
    expect(canReach(m, 403, 25)).toBe(false);
    expect(canReach(m, 0, 25)).toBe(false);
  });

  it('offers every page of an exact total, and past the cap the reachable ones and those reached by cursor', () => {
    expect(pagerPages(new Map(), { total: 60, totalCapped: false }, 25)).toBe(3);
    expect(pagerPages(new Map(), { total: 0 }, 25)).toBe(0);
    expect(pagerPages(new Map(), { total: 10_000, totalCapped: true }, 25)).toBe(401);
    expect(pagerPages(new Map([[402, 'c']]), { total: 10_000, totalCapped: true }, 25)).toBe(402);
    expect(pagerPages(new Map([[3, 'c']]), { total: 10_000, totalCapped: true }, 100)).toBe(101);
  });
});

describe('useListPaging', () => {
  it('keeps page and cursors per reset key; a new key starts at page 1 with none; late answers of an old key are ignored', () => {
    const { result, rerender } = renderHook(({ k }) => useListPaging(k), {
      initialProps: { k: 'a' },
    });
    expect(result.current.request).toEqual({ page: 1 });
    act(() => result.current.remember('a', 1, { nextCursor: 'a2' }));
    act(() => result.current.setPage(2));
    expect(result.current.request).toEqual({ page: 2, cursor: 'a2' });
    act(() => result.current.remember('a', 2, { nextCursor: 'a3' }));
    act(() => result.current.setPage(1));
    expect(result.current.request).toEqual({ page: 1 });
    act(() => result.current.setPage(3));
    expect(result.current.request).toEqual({ page: 3, cursor: 'a3' });

    rerender({ k: 'b' });
    expect(result.current.page).toBe(1);
    expect(result.current.cursors.size).toBe(0);
    // an answer for the old filters arriving late changes nothing
    act(() => result.current.remember('a', 3, { nextCursor: 'a4' }));
    expect(result.current.cursors.size).toBe(0);
    act(() => result.current.remember('b', 1, { nextCursor: 'b2' }));
    act(() => result.current.setPage(2));
    expect(result.current.request).toEqual({ page: 2, cursor: 'b2' });
  });
});
