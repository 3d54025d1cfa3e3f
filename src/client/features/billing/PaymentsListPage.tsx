/**
 * Payments list for staff with view-payments (issue 6 §8), at `/payments`: the generic list of
 * GET /api/payments, filtered by channel, status, a BS date range (sent as AD paidFrom and
 * paidTo) and ward; the server keeps a ward admin to their ward. Completed payments link to
 * their receipt; rows open the application.
 */
import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { DATA_CELL, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { CHANNELS, PAY_STATUSES, type PaymentListRow } from './api';
import { adRange, BsRange, type BsRangeValue } from '../../components/BsRange';
import { PayStatusBadge } from './PayStatusBadge';
import { WardFilter } from './WardFilter';

/** The list's `filters` for the API (empty values are dropped by the list). */
export function paymentFilters(v: {
  channel: string;
  status: string;
  range: BsRangeValue;
  wardId: string;
  q: string;
}): Record<string, string | number> {
  const { from, to, reversed } = adRange(v.range);
  const out: Record<string, string | number> = {};
  if (v.channel) out.channel = v.channel;
  if (v.status) out.status = v.status;
  if (from && !reversed) out.paidFrom = from;
  if (to && !reversed) out.paidTo = to;
  if (v.wardId) out.wardId = Number(v.wardId);
  if (v.q) out.q = v.q;
  return out;
}

function PaymentsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const [range, setRange] = useState<BsRangeValue>({ from: '', to: '' });
  const [wardId, setWardId] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 350);

  const columns: DataTableColumn<PaymentListRow>[] = [
    {
      accessor: 'paidDate',
      title: t('payments.paidDate'),
      sortable: true,
      noWrap: true,
      render: (r) => <BsDate value={r.paidDate} empty="—" />,
    },
    {
      accessor: 'receiptNo',
      ...DATA_CELL,
      title: t('payments.receiptNo'),
      noWrap: true,
      render: (r) =>
        r.receiptNo && r.payStatus === 'completed' ? (
          <Anchor
            component={Link}
            to={`/payments/${r.id}/receipt`}
            onClick={(e) => e.stopPropagation()}
          >
            {f.digits(r.receiptNo)}
          </Anchor>
        ) : (
          f.digits(r.receiptNo) || '—'
        ),
    },
    {
      accessor: 'businessName',
      ...DATA_CELL,
      title: t('payments.business'),
      cellsStyle: () => ({ minWidth: 160 }),
      render: (r) => (
        <Anchor
          component={Link}
          to={`/business/applications/${r.applicationId}/detail`}
          onClick={(e) => e.stopPropagation()}
        >
          {r.businessName}
        </Anchor>
      ),
    },
    {
      accessor: 'wardNumber',
      title: t('payments.ward'),
      noWrap: true,
      textAlign: 'right',
      render: (r) => f.num(r.wardNumber),
    },
    {
      accessor: 'channel',
      title: t('payments.channelLabel'),
      noWrap: true,
      render: (r) => t(`payments.channel.${r.channel}`),
    },
    {
      accessor: 'payStatus',
      title: t('payments.status'),
      noWrap: true,
      render: (r) => <PayStatusBadge status={r.payStatus} />,
    },
    {
      accessor: 'total',
      title: t('payments.total'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (r) => f.money(r.total),
    },
  ];

  return (
    <>
      <PageHeader title={t('payments.title')}>
        <Button variant="light" component={Link} to="/payments/reconciliation">
          {t('reconciliation.title')}
        </Button>
        <ExportButton
          path="/payments/export"
          query={{ filters: paymentFilters({ channel, status, range, wardId, q }) }}
          fallbackName="payments"
        />
      </PageHeader>
      <Group mb="sm" gap="sm" align="flex-start" grow preventGrowOverflow={false}>
        <TextInput
          label={t('payments.search')}
          name="q"
          type="search"
          placeholder={t('payments.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          miw={180}
        />
        <NativeSelect
          label={t('payments.channelLabel')}
          name="channel"
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value)}
          data={[
            { value: '', label: t('payments.allChannels') },
            ...CHANNELS.map((c) => ({ value: c, label: t(`payments.channel.${c}`) })),
          ]}
          miw={140}
        />
        <NativeSelect
          label={t('payments.status')}
          name="status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          data={[
            { value: '', label: t('payments.allStatuses') },
            ...PAY_STATUSES.map((s) => ({ value: s, label: t(`payments.payStatus.${s}`) })),
          ]}
          miw={140}
        />
        <WardFilter value={wardId} onChange={setWardId} />
      </Group>
      <BsRange value={range} onChange={setRange} />
      <div style={{ height: 'var(--mantine-spacing-sm)' }} />
      <ListTable<PaymentListRow>
        resource="/payments"
        label={t('payments.title')}
        columns={columns}
        filters={paymentFilters({ channel, status, range, wardId, q })}
        card={{
          title: 'businessName',
          status: 'payStatus',
          fields: ['total', 'paidDate', 'receiptNo', 'channel'],
        }}
        onRowClick={(r) => void navigate(`/business/applications/${r.applicationId}/detail`)}
      />
    </>
  );
}

export default function PaymentsListPage() {
  return (
    <RequirePermission perms={['view-payments']}>
      <PaymentsList />
    </RequirePermission>
  );
}
