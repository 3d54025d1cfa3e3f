/**
 * Phone-first lists (issue 17 §4): below 600 px a list is a column of cards — the title, the
 * status, the two or three fields that matter and the action — instead of a table scrolled
 * sideways; on wider screens the table stays. `ResponsiveDataTable` is a drop-in for
 * mantine-datatable's DataTable that switches by the screen's width; each list says which of
 * its columns make the card (`CardSpec`, by column accessor), and the card draws each cell with
 * the column's own `render`, so a list's cells are written once for both layouts.
 */
import {
  Box,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  getValueAtPath,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { useFormat } from '../lib/useFormat';
import { PageSizeMenu } from './PageSizeMenu';

/** Below this width lists are cards (600 px, in em so that a larger font size counts too). */
export const CARD_MODE_QUERY = '(max-width: 37.49em)';

/** True on a screen narrower than 600 px; read at the first render (no table flash). */
export function useCardMode(): boolean {
  return useMediaQuery(CARD_MODE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

/**
 * Which columns (by accessor) make a list's card: `title` at the top (the record's name, as a
 * link where the table has one), `status` beside it, `fields` below as label and value (the
 * two or three that matter), `action` at the bottom (the row's buttons).
 */
export interface CardSpec {
  title: string;
  status?: string;
  fields?: string[];
  action?: string;
}

/**
 * A card made from the columns alone, for a list that declares none: the first column is the
 * title, a column named `status` or ending in `Status` the status, `actions` the action, and
 * the next three columns the fields.
 */
export function defaultCardSpec<T>(columns: DataTableColumn<T>[]): CardSpec {
  const keys = columns.filter((c) => !c.hidden).map((c) => String(c.accessor));
  const status = keys.find((k) => k === 'status' || /Status$/.test(k));
  const action = keys.find((k) => k === 'actions');
  const [title, ...rest] = keys;
  return {
    title,
    status,
    action,
    fields: rest.filter((k) => k !== status && k !== action).slice(0, 3),
  };
}

/** A column's cell for `record`, as the table would draw it. */
function cellOf<T>(col: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (col.render) return col.render(record, index);
  const v = getValueAtPath(record, col.accessor);
  return v == null ? '' : String(v as string | number);
}

/** A click inside a link, button or form control is that control's, not the card's. */
const fromControl = (e: MouseEvent) =>
  !!(e.target as HTMLElement).closest('a, button, input, label, select, textarea');

interface CardsProps<T> {
  records: T[];
  columns: DataTableColumn<T>[];
  card: CardSpec;
  label?: string;
  fetching?: boolean;
  emptyText?: ReactNode;
  onRowClick?: (record: T) => void;
  /** Bulk selection: a checkbox on each card, named by `checkboxLabel`. */
  selected?: T[];
  onSelectedChange?: (rows: T[]) => void;
  checkboxLabel?: (record: T) => string | undefined;
  idOf?: (record: T) => unknown;
  rowAttributes?: (record: T) => Record<string, unknown>;
}

/** The records as cards (a list of articles): title and status, fields, action. */
export function ListCards<T>({
  records,
  columns,
  card,
  label,
  fetching,
  emptyText,
  onRowClick,
  selected,
  onSelectedChange,
  checkboxLabel,
  idOf = (r) => (r as { id?: unknown }).id,
  rowAttributes,
}: CardsProps<T>) {
  const col = new Map(columns.map((c) => [String(c.accessor), c]));
  const pick = (k?: string) => (k ? col.get(k) : undefined);
  const title = pick(card.title);
  const status = pick(card.status);
  const action = pick(card.action);
  const fields = (card.fields ?? []).map(pick).filter((c): c is DataTableColumn<T> => !!c);
  const isSelected = (r: T) => !!selected?.some((s) => idOf(s) === idOf(r));

  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: fetching ? 0.6 : undefined }}
      aria-label={label}
      aria-busy={fetching || undefined}
      data-list-cards
    >
      {!records.length && (
        // the list stays (named, findable) with one item saying why it is empty
        <Center component="li" mih={120} p="md">
          {fetching ? <Loader size="sm" /> : <Text c="dimmed">{emptyText}</Text>}
        </Center>
      )}
      {records.map((r, i) => (
        <Card
          key={String(idOf(r) ?? i)}
          component="li"
          withBorder
          radius="md"
          padding="sm"
          {...(rowAttributes?.(r) ?? {})}
          onClick={onRowClick ? (e: MouseEvent) => !fromControl(e) && onRowClick(r) : undefined}
          style={{
            cursor: onRowClick ? 'pointer' : undefined,
            overflowWrap: 'anywhere',
            // Cards below the fold are not laid out or painted until scrolled near (a phone
            // shows 3–4 of a page's 25): the list's first layout took ~17 ms (×4 on Lighthouse's
            // phone; docs/performance.md "Smaller tasks during the load"). They stay in the
            // accessibility tree and find-in-page; each holds its last drawn height, and
            // ~160 px (a card of five fields) before it is first drawn.
            contentVisibility: 'auto',
            containIntrinsicSize: 'auto 160px',
          }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            {onSelectedChange && (
              <Checkbox
                mt={2}
                checked={isSelected(r)}
                aria-label={checkboxLabel?.(r)}
                onChange={(e) =>
                  onSelectedChange(
                    e.currentTarget.checked
                      ? [...(selected ?? []), r]
                      : (selected ?? []).filter((s) => idOf(s) !== idOf(r)),
                  )
                }
              />
            )}
            <Box fw={600} style={{ flex: 1, minWidth: 0 }} {...title?.customCellAttributes?.(r, i)}>
              {title ? cellOf(title, r, i) : null}
            </Box>
            {status && (
              <Box style={{ flex: '0 0 auto', maxWidth: '50%' }}>{cellOf(status, r, i)}</Box>
            )}
          </Group>
          {fields.length > 0 && (
            <Box
              component="dl"
              m={0}
              mt={6}
              style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}
            >
              {fields.map((c) => (
                <FieldRow key={String(c.accessor)} column={c} record={r} index={i} />
              ))}
            </Box>
          )}
          {action && (
            <Group mt="xs" gap="xs" justify="flex-end">
              {cellOf(action, r, i)}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function FieldRow<T>({
  column,
  record,
  index,
}: {
  column: DataTableColumn<T>;
  record: T;
  index: number;
}) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {column.title}
      </Text>
      <Text
        component="dd"
        size="sm"
        m={0}
        style={{ minWidth: 0 }}
        {...column.customCellAttributes?.(record, index)}
      >
        {cellOf(column, record, index)}
      </Text>
    </>
  );
}

/** The card list's sort control: one select of "column, direction" for the sortable columns. */
function CardSort<T>({
  columns,
  status,
  onChange,
}: {
  columns: DataTableColumn<T>[];
  status: DataTableSortStatus<T>;
  onChange: (s: DataTableSortStatus<T>) => void;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((c) => c.sortable && typeof c.title === 'string');
  if (!sortable.length) return null;
  const current = `${String(status.columnAccessor)}:${status.direction}`;
  const data = sortable.flatMap((c) =>
    (['asc', 'desc'] as const).map((d) => ({
      value: `${String(c.accessor)}:${d}`,
      label: `${c.title as string} (${t(d === 'asc' ? 'home.cards.asc' : 'home.cards.desc')})`,
    })),
  );
  const known = data.some((o) => o.value === current);
  return (
    <NativeSelect
      size="sm"
      mb="xs"
      label={t('home.cards.sortBy')}
      value={known ? current : ''}
      data={known ? data : [{ value: '', label: t('home.cards.defaultSort') }, ...data]}
      onChange={(e) => {
        const [accessor, direction] = e.currentTarget.value.split(':');
        const c = sortable.find((x) => String(x.accessor) === accessor);
        if (!c) return;
        onChange({
          columnAccessor: c.accessor,
          sortKey: c.sortKey,
          direction: direction === 'asc' ? 'asc' : 'desc',
        });
      }}
    />
  );
}

/**
 * mantine-datatable's DataTable on wide screens; below 600 px the same records as cards
 * (`card`, or `defaultCardSpec` of the columns), with the same pager, page-size menu, sort,
 * selection and row click taken from the table's props.
 */
export function ResponsiveDataTable<T>({
  card,
  ...props
}: DataTableProps<T> & { card?: CardSpec }) {
  const cards = useCardMode();
  if (!cards) return <DataTable<T> {...(props as DataTableProps<T>)} />;
  return <CardsFromTableProps<T> card={card} {...(props as DataTableProps<T>)} />;
}

/** The card layout of a DataTable's props. */
function CardsFromTableProps<T>({ card, ...props }: DataTableProps<T> & { card?: CardSpec }) {
  const p = props as unknown as DataTableProps<T> & {
    columns: DataTableColumn<T>[];
    page?: number;
    onPageChange?: (page: number) => void;
    totalRecords?: number;
    recordsPerPage?: number;
    recordsPerPageOptions?: number[];
    onRecordsPerPageChange?: (n: number) => void;
    recordsPerPageLabel?: string;
    paginationText?: (o: { from: number; to: number; totalRecords: number }) => ReactNode;
    getPaginationItemProps?: (page: number) => Record<string, unknown>;
    getPaginationControlProps?: (c: 'first' | 'last' | 'previous' | 'next') => object;
    selectedRecords?: T[];
    onSelectedRecordsChange?: (rows: T[]) => void;
    getRecordSelectionCheckboxProps?: (r: T, i: number) => Record<string, unknown>;
    sortStatus?: DataTableSortStatus<T>;
    onSortStatusChange?: (s: DataTableSortStatus<T>) => void;
  };
  const f = useFormat();
  const records = p.records ?? [];
  const spec = card ?? defaultCardSpec(p.columns);
  const perPage = p.recordsPerPage ?? records.length;
  const total = p.totalRecords ?? records.length;
  const pages = perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1;
  const from = p.page ? (p.page - 1) * perPage + 1 : 1;
  const to = from + records.length - 1;
  return (
    <Box style={{ minWidth: 0 }}>
      {p.sortStatus && p.onSortStatusChange && (
        <CardSort columns={p.columns} status={p.sortStatus} onChange={p.onSortStatusChange} />
      )}
      <ListCards<T>
        records={records}
        columns={p.columns}
        card={spec}
        label={p['aria-label' as keyof typeof p] as string | undefined}
        fetching={p.fetching}
        emptyText={p.noRecordsText}
        onRowClick={p.onRowClick ? (record) => p.onRowClick!({ record } as never) : undefined}
        selected={p.selectedRecords}
        onSelectedChange={p.onSelectedRecordsChange}
        checkboxLabel={(r) =>
          p.getRecordSelectionCheckboxProps?.(r, 0)?.['aria-label'] as string | undefined
        }
        rowAttributes={p.customRowAttributes as ((r: T) => Record<string, unknown>) | undefined}
      />
      {p.page != null && p.onPageChange && records.length > 0 && (
        <Stack gap="xs" mt="sm" align="center">
          <Text size="sm">
            {p.paginationText
              ? p.paginationText({ from, to, totalRecords: total })
              : `${f.num(from)}–${f.num(to)} / ${f.num(total)}`}
          </Text>
          <Group gap="sm" justify="center">
            {p.onRecordsPerPageChange && p.recordsPerPageOptions && (
              <PageSizeMenu
                value={perPage}
                f={f}
                label={p.recordsPerPageLabel ?? ''}
                sizes={p.recordsPerPageOptions}
                onChange={p.onRecordsPerPageChange}
              />
            )}
            {pages > 1 && (
              <Pagination
                size="sm"
                siblings={0}
                total={pages}
                value={p.page}
                onChange={p.onPageChange}
                getItemProps={p.getPaginationItemProps}
                getControlProps={p.getPaginationControlProps}
              />
            )}
          </Group>
        </Stack>
      )}
    </Box>
  );
}
