/**
 * The generic list (SPEC §2 "generic list pages", §3 generic list query): server-paged
 * (25 rows by default), sortable (default id, descending) and filtered by a `filters` object
 * sent as JSON. The table scrolls sideways inside its own box, never the page; below 600 px the
 * rows are cards instead (issue 17 §4, components/ListCards.tsx; each list's `card` names the
 * columns of its card). A failed fetch
 * empties the list and sets the total to 0 (SPEC §8); a 403 shows 'Unauthorized Access.' in
 * place of the table. Rows may be selectable (bulk actions). Every number of the pager (range,
 * page buttons, rows-per-page choices) is written in the language's digits (issue 7 §1).
 * Pages after the first are fetched by keyset cursor when known (lib/listPaging.ts, issue 8):
 * Next and Previous seek by index at any depth; past 10,000 matching rows the count reads
 * "10,000+" and Next goes on through the cursors.
 */
import { Box } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type ListPage } from '../lib/api';
import { canReach, pagerPages, useListPaging } from '../lib/listPaging';
import { useFormat } from '../lib/useFormat';
import { Forbidden } from './Forbidden';
import { ResponsiveDataTable, type CardSpec } from './ListCards';
import { PageSizeMenu } from './PageSizeMenu';

export { PageSizeMenu } from './PageSizeMenu';
export type { CardSpec } from './ListCards';

/**
 * Column props for cells that show a value as typed or issued (names, usernames, receipt and
 * registration numbers): marked `translate="no"`, the app's convention for data, which the
 * Nepali-screen test (e2e/nepali-text.spec.ts) lets be Latin.
 */
export const DATA_CELL = { customCellAttributes: () => ({ translate: 'no' }) };

export const DEFAULT_PAGE_SIZE = 25;
const PAGE_SIZES = [10, 25, 50, 100];

export interface ListTableProps<T> {
  /** API path of the resource, e.g. '/applications'. */
  resource: string;
  columns: DataTableColumn<T>[];
  /** Sent as JSON in `filters`; empty values are dropped. */
  filters?: Record<string, unknown>;
  onRowClick?: (row: T) => void;
  /** Accessible name of the table. */
  label: string;
  /** Row selection (checkbox column) for bulk actions; both or neither. */
  selectedRecords?: T[];
  onSelectedRecordsChange?: (rows: T[]) => void;
  /** Accessible name of a row's selection checkbox. */
  rowLabel?: (row: T) => string;
  /** What an empty list says (default 'No records found'). */
  emptyText?: string;
  /**
   * Below 600 px the list is cards (issue 17 §4): which columns (accessors) make the card's
   * title, status, fields and action. Default: components/ListCards.tsx defaultCardSpec.
   */
  card?: CardSpec;
}

function cleanFilters(filters: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

export function ListTable<T extends { id: number }>({
  resource,
  columns,
  filters,
  onRowClick,
  label,
  selectedRecords,
  onSelectedRecordsChange,
  rowLabel,
  emptyText,
  card,
}: ListTableProps<T>) {
  const { t } = useTranslation();
  const f = useFormat();
  const cleaned = cleanFilters(filters);
  const filtersKey = JSON.stringify(cleaned);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: 'id',
    direction: 'desc',
  });
  const sortBy = String(sortStatus.sortKey ?? sortStatus.columnAccessor);
  const descending = sortStatus.direction === 'desc';
  // The page and its cursors belong to one set of filters, sort and page size: a change starts
  // again at page 1 with no cursors (lib/listPaging.ts).
  const resetKey = JSON.stringify([filtersKey, sortBy, descending, rowsPerPage]);
  const paging = useListPaging(resetKey);
  const page = paging.page;
  const [lastTotal, setLastTotal] = useState(0);

  const query = {
    ...paging.request,
    rowsPerPage,
    sortBy,
    descending,
    filters: Object.keys(cleaned).length ? cleaned : undefined,
  };
  const q = useQuery({
    queryKey: [resource, 'list', query],
    queryFn: async ({ signal }) => {
      const res = await api.get<ListPage<T>>(resource, { ...query, rowsNumber: lastTotal }, signal);
      setLastTotal(res.meta.total);
      paging.remember(resetKey, query.page, res.meta);
      return res;
    },
    placeholderData: keepPreviousData,
  });

  // The rows are drawn in a deferred (time-sliced) render: a page's answer arrives through
  // react-query's store, whose updates React renders in one blocking task, and drawing 25 rows
  // of cells is the longest task of the list's first load on a slow phone (issue 18 §5).
  const data = useDeferredValue(q.data);
  const records = q.isError ? [] : (data?.data ?? []);
  const total = q.isError ? 0 : (data?.meta.total ?? 0);
  const capped = !q.isError && data?.meta.totalCapped === true;
  // Past the count cap the pager offers the pages it can reach (offset bound, or by cursor).
  const totalRecords = capped
    ? pagerPages(paging.cursors, { total, totalCapped: true }, rowsPerPage) * rowsPerPage
    : total;
  const totalText = capped ? t('lists.totalCapped', { total: f.num(total) }) : f.num(total);

  // mantine-datatable names its sort icons in English with no prop to change it: rename them
  // after each render in the UI language (issue 7 §1, no Latin UI text in Nepali).
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const icons = box.current?.querySelectorAll<HTMLElement>(
      '.mantine-datatable-header-cell-sortable-group [role=img][aria-label]',
    );
    icons?.forEach((icon) => {
      const unsorted = icon.classList.contains(
        'mantine-datatable-header-cell-sortable-unsorted-icon',
      );
      const key = unsorted
        ? 'notSorted'
        : sortStatus?.direction === 'desc'
          ? 'sortedDesc'
          : 'sortedAsc';
      icon.setAttribute('aria-label', t(`a11y.${key}`));
    });
  });

  // The API said no (SPEC §6): no table, no data, just the 403 wording.
  if (q.error instanceof ApiError && q.error.status === 403) return <Forbidden />;

  const selection =
    selectedRecords && onSelectedRecordsChange
      ? {
          selectedRecords,
          onSelectedRecordsChange,
          allRecordsSelectionCheckboxProps: { 'aria-label': t('list.selectAll') },
          getRecordSelectionCheckboxProps: (r: T) => ({
            'aria-label': t('list.selectRow', { name: rowLabel ? rowLabel(r) : f.num(r.id) }),
          }),
        }
      : {};

  return (
    <Box style={{ minWidth: 0 }} ref={box}>
      <ResponsiveDataTable<T>
        card={card}
        aria-label={label}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        horizontalSpacing="xs"
        minHeight={records.length ? undefined : 180}
        style={{ minWidth: 0 }}
        // The scrollbar gets its own space instead of covering the last row.
        scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
        columns={columns}
        records={records}
        // the answer is in but its rows are still being drawn (deferred): still loading
        fetching={q.isFetching || data !== q.data}
        totalRecords={totalRecords}
        recordsPerPage={rowsPerPage}
        page={page}
        onPageChange={(p) => {
          if (canReach(paging.cursors, p, rowsPerPage)) paging.setPage(p);
        }}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={setRowsPerPage}
        recordsPerPageLabel={t('list.rowsPerPage')}
        paginationText={({ from, to }) => (
          <span title={capped ? t('lists.totalCappedHint', { total: f.num(total) }) : undefined}>
            {t('list.range', { from: f.num(from), to: f.num(to), total: totalText })}
          </span>
        )}
        paginationSize="sm"
        getPaginationItemProps={(p) => ({ children: f.num(p), 'aria-label': f.num(p) })}
        getPaginationControlProps={(c) =>
          c === 'previous' || c === 'next' ? { 'aria-label': t(`a11y.${c}Page`) } : {}
        }
        renderPagination={({ state, Controls }) => (
          <>
            <Controls.Text />
            <PageSizeMenu
              value={rowsPerPage}
              f={f}
              label={t('list.rowsPerPage')}
              onChange={setRowsPerPage}
            />
            {/* on a phone, one page button each side fewer, so a 3-digit last page fits one row */}
            <Controls.Pagination siblings={state.isWrapped ? 0 : 1} />
          </>
        )}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsText={emptyText ?? t('list.empty')}
        loadingText={t('common.loading')}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
        {...selection}
      />
    </Box>
  );
}
