/**
 * Refunds due (issue 15) at `/payments/refunds`, for staff with view-payments or
 * record-payments: money received that could not be credited to a bill (paid twice, the
 * application no longer payable, the bill changed), which the palika pays back. Two tabs of the
 * generic payments list (GET /api/payments, `filters.status` refund_due or refunded; the server
 * keeps a ward admin to their ward): the day received (BS), the business and submission number
 * (a link to the application), the channel, the amount and why; refunded ones also when and how
 * they were paid back. With record-payments, "Record refund" opens RefundDialog.
 *
 * On a narrow screen (a phone, a tablet with the navbar) the columns fold into two — the
 * payment's details stacked in one cell, the amount in the other — so no key column is left
 * to a sideways scroll.
 */
import { Anchor, Box, Button, Tabs, Text, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { useCan } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import type { PaymentListRow } from './api';
import { useNarrow } from './narrow';
import { RefundDialog } from './RefundDialog';

type Tab = 'due' | 'refunded';
const STATUS: Record<Tab, 'refund_due' | 'refunded'> = { due: 'refund_due', refunded: 'refunded' };

const stop = (e: MouseEvent) => e.stopPropagation();

function BusinessLink({ row }: { row: PaymentListRow }) {
  return (
    <Anchor
      component={Link}
      to={`/business/applications/${row.applicationId}/detail`}
      onClick={stop}
      translate="no"
      fw={500}
    >
      {row.businessName}
    </Anchor>
  );
}

function RefundsList({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const f = useFormat();
  const canRecord = useCan('record-payments');
  const narrow = useNarrow();
  const [recording, setRecording] = useState<PaymentListRow | null>(null);
  const due = tab === 'due';

  const recordButton = (r: PaymentListRow) => (
    <Button
      size="xs"
      color="orange"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        setRecording(r);
      }}
      aria-label={`${t('refunds.record')}: ${r.businessName}`}
    >
      {t('refunds.record')}
    </Button>
  );
  const reason = (r: PaymentListRow) =>
    r.refundReason ? t(`payments.refundReason.${r.refundReason}`) : '—';
  const method = (r: PaymentListRow) =>
    r.refundMethod ? t(`refunds.methods.${r.refundMethod}`) : '';

  const wide: DataTableColumn<PaymentListRow>[] = [
    {
      accessor: 'paidDate',
      title: t('refunds.received'),
      sortable: true,
      noWrap: true,
      render: (r) => <BsDate value={r.paidDate} empty="—" />,
    },
    {
      accessor: 'businessName',
      title: t('payments.business'),
      cellsStyle: () => ({ minWidth: 160 }),
      render: (r) => (
        <>
          <BusinessLink row={r} />
          <Text size="xs" c="dimmed" translate="no">
            {f.digits(r.submissionNo)}
          </Text>
        </>
      ),
    },
    {
      accessor: 'channel',
      title: t('payments.channelLabel'),
      noWrap: true,
      render: (r) => t(`payments.channel.${r.channel}`),
    },
    {
      accessor: 'total',
      title: t('payments.total'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (r) => f.money(r.total),
    },
    {
      accessor: 'refundReason',
      title: t('refunds.reason'),
      cellsStyle: () => ({ minWidth: 200 }),
      render: (r) => <Text size="sm">{reason(r)}</Text>,
    },
    ...(due
      ? canRecord
        ? [
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('refunds.record')}</VisuallyHidden>,
              noWrap: true,
              textAlign: 'right' as const,
              render: recordButton,
            },
          ]
        : []
      : [
          {
            accessor: 'refundedOn',
            title: t('refunds.refundedOn'),
            noWrap: true,
            render: (r: PaymentListRow) => <BsDate value={r.refundedOn} empty="—" />,
          },
          {
            accessor: 'refundMethod',
            title: t('refunds.method'),
            cellsStyle: () => ({ minWidth: 140, overflowWrap: 'anywhere' as const }),
            render: (r: PaymentListRow) => (
              <>
                <Text size="sm">{method(r)}</Text>
                {r.refundReference && (
                  <Text size="xs" c="dimmed" translate="no">
                    {f.digits(r.refundReference)}
                  </Text>
                )}
              </>
            ),
          },
        ]),
  ];

  // Narrow screens: the details stacked in one cell, the amount in the other.
  const folded: DataTableColumn<PaymentListRow>[] = [
    {
      accessor: 'businessName',
      title: t('payments.business'),
      render: (r) => (
        <Box style={{ overflowWrap: 'anywhere' }}>
          <BusinessLink row={r} />
          <Text size="xs" c="dimmed" translate="no">
            {f.digits(r.submissionNo)}
          </Text>
          <Text size="xs">
            <BsDate value={r.paidDate} empty="—" /> · {t(`payments.channel.${r.channel}`)}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {reason(r)}
          </Text>
          {!due && (
            <Text size="xs" mt={2}>
              {t('refunds.tabRefunded')}: <BsDate value={r.refundedOn} empty="—" /> · {method(r)}
              {r.refundReference && (
                <>
                  {' · '}
                  <span translate="no">{f.digits(r.refundReference)}</span>
                </>
              )}
            </Text>
          )}
          {due && canRecord && <Box mt={6}>{recordButton(r)}</Box>}
        </Box>
      ),
    },
    {
      accessor: 'total',
      title: t('payments.total'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      cellsStyle: () => ({ verticalAlign: 'top' }),
      render: (r) => f.money(r.total),
    },
  ];

  return (
    <>
      <ListTable<PaymentListRow>
        resource="/payments"
        label={t(due ? 'refunds.title' : 'refunds.tabRefunded')}
        columns={narrow ? folded : wide}
        filters={{ status: STATUS[tab] }}
        card={{ title: 'businessName', fields: ['total'] }}
        emptyText={t(due ? 'refunds.empty' : 'refunds.emptyRefunded')}
      />
      <RefundDialog payment={recording} onClose={() => setRecording(null)} />
    </>
  );
}

function Refunds() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'refunded' ? 'refunded' : 'due';
  return (
    <>
      <PageHeader title={t('refunds.title')}>
        <Button variant="light" component={Link} to="/payments/reconciliation">
          {t('reconciliation.title')}
        </Button>
        <ExportButton
          path="/payments/export"
          query={{ filters: { status: STATUS[tab] } }}
          fallbackName={tab === 'due' ? 'refunds-due' : 'refunds'}
        />
      </PageHeader>
      <Text size="sm" c="dimmed" mb="sm" maw={720}>
        {t('refunds.intro')}
      </Text>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'refunded' ? { tab: 'refunded' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="due">{t('refunds.tabDue')}</Tabs.Tab>
          <Tabs.Tab value="refunded">{t('refunds.tabRefunded')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="due">
          <RefundsList tab="due" />
        </Tabs.Panel>
        <Tabs.Panel value="refunded">
          <RefundsList tab="refunded" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default function RefundsPage() {
  return (
    <RequirePermission perms={['view-payments', 'record-payments']}>
      <Refunds />
    </RequirePermission>
  );
}
