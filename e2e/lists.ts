/**
 * A list screen's records, whatever the width (issue 17 §4): on a wide screen the table, below
 * 600 px the cards (components/ListCards.tsx: a list with the same accessible name, one item
 * per record).
 */
import type { Locator, Page } from '@playwright/test';

/** The list named `name` (omitted: the first list or table of the page). */
export function listOf(page: Page, name?: string): Locator {
  const opts = name ? { name } : undefined;
  return page
    .getByRole('table', opts)
    .or(page.locator('ul[data-list-cards]').and(page.getByRole('list', opts)))
    .first();
}

/** The records of a list found by `listOf`: table body rows or cards. */
export function rowsOf(list: Locator): Locator {
  return list.locator('tbody tr, :scope > li');
}
