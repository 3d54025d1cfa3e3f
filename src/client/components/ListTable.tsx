/**
 * The generic list (SPEC §2 "generic list pages", §3 generic list query): server-paged
 * (25 rows by default), sortable (default id, descending) and filtered by a `filters` object
 * sent as JSON. The table scrolls sideways inside its own box, never the page. A failed fetch
 * empties the list and sets the total to 0 (SPEC §8); a 403 shows 'Unauthorized Access.' in
 * place of the table. Rows may be selectable (bulk actions).
 */
import { Box } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type ListPage } from '../lib/api';
import { useFormat } from '../lib/useFormat';
import { Forbidden } from './Forbidden';

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
  // The page belongs to one set of filters: a new filter starts again at page 1.
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const [lastTotal, setLastTotal] = useState(0);

  const query = {
    page,
    rowsPerPage,
    sortBy: String(sortStatus.sortKey ?? sortStatus.columnAccessor),
    descending: sortStatus.direction === 'desc',
    filters: Object.keys(cleaned).length ? cleaned : undefined,
  };
  const q = useQuery({
    queryKey: [resource, 'list', query],
    queryFn: async ({ signal }) => {
      const res = await api.get<ListPage<T>>(resource, { ...query, rowsNumber: lastTotal }, signal);
      setLastTotal(res.meta.total);
      return res;
    },
    placeholderData: keepPreviousData,
  });

  const records = q.isError ? [] : (q.data?.data ?? []);
  const total = q.isError ? 0 : (q.data?.meta.total ?? 0);

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
    <Box style={{ minWidth: 0 }}>
      <DataTable<T>
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
        fetching={q.isFetching}
        totalRecords={total}
        recordsPerPage={rowsPerPage}
        page={page}
        onPageChange={(p) => setPaging({ filtersKey, page: p })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(n) => {
          setRowsPerPage(n);
          setPaging({ filtersKey, page: 1 });
        }}
        recordsPerPageLabel={t('list.rowsPerPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('list.range', { from: f.num(from), to: f.num(to), total: f.num(totalRecords) })
        }
        paginationSize="sm"
        getPaginationItemProps={(p) => ({ children: f.num(p), 'aria-label': f.num(p) })}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => {
          setSortStatus(s);
          setPaging({ filtersKey, page: 1 });
        }}
        noRecordsText={t('list.empty')}
        loadingText={t('common.loading')}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
        {...selection}
      />
    </Box>
  );
}
