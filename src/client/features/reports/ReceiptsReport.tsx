/**
 * The receipt register, or the cancelled and refunded receipts (issue 19 §7): the period's
 * totals, its receipts in date order (pages of 100, "Show more" for the next), as a table or,
 * below 600 px, as cards; the export holds them all.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { ReceiptRow } from '../../../shared/schemas/reports.js';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { ResponsiveDataTable } from '../../components/ListCards';
import { useFormat } from '../../lib/useFormat';
import 'mantine-datatable/styles.css';
import { PayStatusBadge } from '../billing';
import { fetchReceipts, type ReceiptKind, type ReportFilter } from './api';
import { Totals } from './Totals';

export function ReceiptsReport({
  kind,
  filter,
  valid,
}: {
  kind: ReceiptKind;
  filter: ReportFilter;
  valid: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useInfiniteQuery({
    queryKey: [`/reports/${kind}`, filter],
    queryFn: ({ pageParam, signal }) => fetchReceipts(kind, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    enabled: valid,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const meta = q.data?.pages[0]?.meta;

  const columns: DataTableColumn<ReceiptRow>[] = [
    {
      accessor: 'receiptNo',
      title: t('payments.receiptNo'),
      render: (r) => <span translate="no">{f.digits(r.receiptNo ?? '—')}</span>,
    },
    {
      accessor: 'paidDate',
      title: t('reports.receiptDate'),
      render: (r) => <BsDate value={r.paidDate} />,
    },
    {
      accessor: 'payer',
      title: t('reports.payer'),
      render: (r) => <span translate="no">{r.payer}</span>,
    },
    {
      accessor: 'application',
      title: t('reports.applicationNo'),
      render: (r) => (
        <>
          <Text size="sm" translate="no">
            {r.submissionNo}
          </Text>
          {r.registrationNo && (
            <Text size="xs" c="dimmed" translate="no">
              {f.digits(r.registrationNo)}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'channel',
      title: t('payments.channelLabel'),
      render: (r) => t(`payments.channel.${r.channel}`),
    },
    {
      accessor: 'total',
      title: t('reports.amount'),
      textAlign: 'right',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{f.money(r.total)}</span>,
    },
    {
      accessor: 'payStatus',
      title: t('payments.status'),
      render: (r) => <PayStatusBadge status={r.payStatus} />,
    },
  ];

  const totals = meta
    ? [
        { label: t('reports.totals.count'), value: f.num(meta.count) },
        { label: t('reports.totals.total'), value: f.money(meta.total), testId: `${kind}-total` },
        ...(kind === 'receipts'
          ? [{ label: t('reports.totals.credited'), value: f.money(meta.credited) }]
          : []),
        { label: t('reports.totals.refundDue'), value: f.money(meta.refundDue) },
        { label: t('reports.totals.refunded'), value: f.money(meta.refunded) },
      ]
    : [];

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
          {t(`reports.${kind}Intro`)}
        </Text>
        <ExportButton
          path={`/reports/${kind}/export`}
          query={{ ...filter }}
          fallbackName={kind}
          disabled={!valid}
        />
      </Group>
      {q.isError && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {meta && <Totals items={totals} />}
      <ResponsiveDataTable<ReceiptRow>
        card={{ title: 'receiptNo', status: 'payStatus', fields: ['paidDate', 'payer', 'total'] }}
        aria-label={t(`reports.tabs.${kind}`)}
        withTableBorder
        borderRadius="md"
        striped
        horizontalSpacing="xs"
        verticalAlign="top"
        minHeight={rows.length ? undefined : 140}
        scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
        columns={columns}
        records={rows}
        fetching={q.isFetching}
        noRecordsText={t('reports.empty')}
      />
      {meta && rows.length > 0 && (
        <Group justify="space-between" mt="xs">
          <Text size="sm" c="dimmed">
            {t('reports.shown', { shown: f.num(rows.length), count: f.num(meta.count) })}
          </Text>
          {q.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              loading={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
            >
              {t('reports.loadMore')}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
