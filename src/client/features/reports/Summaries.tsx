/**
 * The summary reports (issue 19 §7): the collection (credited money) grouped by ward, channel,
 * business type or BS month, and the applications by status and age. Each is a table (cards
 * below 600 px) ending in its total row, and its file (ExportButton) holds the same rows.
 */
import { Alert, Group, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLLECTION_GROUPS,
  type AgeRow,
  type CollectionGroup,
  type CollectionRow,
} from '../../../shared/schemas/reports.js';
import { ExportButton } from '../../components/ExportButton';
import { ResponsiveDataTable } from '../../components/ListCards';
import { useFormat } from '../../lib/useFormat';
import 'mantine-datatable/styles.css';
import { fetchAge, fetchCollection, type ReportFilter } from './api';

type Totalled<R> = R & { isTotal?: boolean };
const bold = (on: boolean | undefined, node: ReactNode) => (on ? <b>{node}</b> : node);

interface SummaryProps {
  filter: ReportFilter;
  valid: boolean;
}

/** The intro, the export button and the table of a summary. */
function SummaryFrame(props: {
  intro: string;
  exportPath: string;
  exportQuery: Record<string, string | number | undefined>;
  name: string;
  valid: boolean;
  controls?: ReactNode;
  error: boolean;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm">
        <div style={{ flex: 1, minWidth: 200 }}>
          {props.controls}
          <Text size="sm" c="dimmed" mt={props.controls ? 'xs' : 0}>
            {props.intro}
          </Text>
        </div>
        <ExportButton
          path={props.exportPath}
          query={props.exportQuery}
          fallbackName={props.name}
          disabled={!props.valid}
        />
      </Group>
      {props.error && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {props.table}
    </>
  );
}

export function CollectionReport({ filter, valid }: SummaryProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [by, setBy] = useState<CollectionGroup>('ward');
  const q = useQuery({
    queryKey: ['/reports/collection', filter, by],
    queryFn: ({ signal }) => fetchCollection(filter, by, signal),
    enabled: valid,
  });
  const records: Totalled<CollectionRow>[] = q.data?.data.length
    ? [...q.data.data, { key: 'total', nameEn: '', nameNe: '', ...q.data.meta, isTotal: true }]
    : [];
  const columns: DataTableColumn<Totalled<CollectionRow>>[] = [
    {
      accessor: 'key',
      title: t(`reports.by.${by}`),
      render: (r) =>
        r.isTotal ? (
          <b>{t('reports.total')}</b>
        ) : by === 'ward' ? (
          `${f.num(Number(r.key))} — ${f.name(r)}`
        ) : (
          f.name(r)
        ),
    },
    {
      accessor: 'count',
      title: t('reports.receipts'),
      textAlign: 'right',
      render: (r) => bold(r.isTotal, f.num(r.count)),
    },
    {
      accessor: 'total',
      title: t('reports.amount'),
      textAlign: 'right',
      render: (r) =>
        bold(
          r.isTotal,
          <span
            style={{ whiteSpace: 'nowrap' }}
            data-testid={r.isTotal ? 'collection-total' : undefined}
          >
            {f.money(r.total)}
          </span>,
        ),
    },
  ];
  return (
    <SummaryFrame
      intro={t('reports.collectionIntro')}
      exportPath="/reports/collection/export"
      exportQuery={{ ...filter, by }}
      name={`collection-${by}`}
      valid={valid}
      error={q.isError}
      controls={
        <NativeSelect
          label={t('reports.groupBy')}
          name="by"
          value={by}
          onChange={(e) => setBy(e.currentTarget.value as CollectionGroup)}
          data={COLLECTION_GROUPS.map((g) => ({ value: g, label: t(`reports.by.${g}`) }))}
          maw={260}
        />
      }
      table={
        <ResponsiveDataTable<Totalled<CollectionRow>>
          card={{ title: 'key', fields: ['count', 'total'] }}
          idAccessor="key"
          aria-label={t('reports.tabs.collection')}
          withTableBorder
          borderRadius="md"
          striped
          horizontalSpacing="xs"
          minHeight={records.length ? undefined : 140}
          columns={columns}
          records={records}
          fetching={q.isFetching}
          noRecordsText={t('reports.empty')}
        />
      }
    />
  );
}

const BUCKETS = ['d0_7', 'd8_30', 'd31_90', 'd90plus', 'total'] as const;

export function AgeReport({ filter, valid }: SummaryProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useQuery({
    queryKey: ['/reports/applications-age', filter],
    queryFn: ({ signal }) => fetchAge(filter, signal),
    enabled: valid,
  });
  const records: Totalled<AgeRow>[] = q.data?.data.length
    ? [...q.data.data, { status: 'total', ...q.data.meta, isTotal: true }]
    : [];
  const columns: DataTableColumn<Totalled<AgeRow>>[] = [
    {
      accessor: 'status',
      title: t('reports.status'),
      render: (r) => (r.isTotal ? <b>{t('reports.total')}</b> : t(`status.${r.status}`, r.status)),
    },
    ...BUCKETS.map((k) => ({
      accessor: k,
      title: t(`reports.age.${k}`),
      textAlign: 'right' as const,
      render: (r: Totalled<AgeRow>) => bold(r.isTotal || k === 'total', f.num(r[k])),
    })),
  ];
  return (
    <SummaryFrame
      intro={t('reports.ageIntro')}
      exportPath="/reports/applications-age/export"
      exportQuery={{ ...filter }}
      name="applications-age"
      valid={valid}
      error={q.isError}
      table={
        <ResponsiveDataTable<Totalled<AgeRow>>
          card={{ title: 'status', fields: [...BUCKETS] }}
          idAccessor="status"
          aria-label={t('reports.tabs.age')}
          withTableBorder
          borderRadius="md"
          striped
          horizontalSpacing="xs"
          minHeight={records.length ? undefined : 140}
          columns={columns}
          records={records}
          fetching={q.isFetching}
          noRecordsText={t('reports.empty')}
        />
      }
    />
  );
}
