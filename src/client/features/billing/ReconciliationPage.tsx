/**
 * Daily reconciliation (issue 6 §8, issue 15) at `/payments/reconciliation`: the money received
 * per day and channel in a BS date range (sent as AD) and where it went — credited to bills
 * (with the number of payments), refund due, refunded; received = credited + refund due +
 * refunded on every row — with the totals per channel and overall, and the same report as a
 * CSV or XLSX download in the user's language (ExportButton). On a narrow screen each row's
 * amounts are stacked under their names, so nothing scrolls sideways.
 */
import { Alert, Anchor, Box, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBs, todayBs } from '../../../shared/bs-date.js';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import {
  CHANNELS,
  fetchReconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
  type ReconciliationTotals,
} from './api';
import { adRange, BsRange, type BsRangeValue } from '../../components/BsRange';
import { useNarrow } from './narrow';
import { WardFilter } from './WardFilter';
import { Arrow } from '../../components/Arrow';

/** The money columns, in the order of the balance: received = credited + due + refunded. */
const AMOUNTS = ['received', 'credited', 'refundDue', 'refunded'] as const;
type Amount = (typeof AMOUNTS)[number];

const ZERO: ReconciliationTotals = {
  count: 0,
  total: 0,
  received: 0,
  credited: 0,
  refundDue: 0,
  refunded: 0,
};

/** The sums of `rows`. */
export function sumRows(rows: ReconciliationTotals[]): ReconciliationTotals {
  return rows.reduce<ReconciliationTotals>(
    (s, r) => ({
      count: s.count + r.count,
      total: s.total + r.total,
      received: s.received + r.received,
      credited: s.credited + r.credited,
      refundDue: s.refundDue + r.refundDue,
      refunded: s.refunded + r.refunded,
    }),
    ZERO,
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A row's amounts stacked under their names (narrow screens); `testId` marks each amount. */
function StackedAmounts({ v, testId }: { v: ReconciliationTotals; testId?: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 8,
        alignItems: 'baseline',
      }}
    >
      {AMOUNTS.map((k) => (
        <Fragment key={k}>
          <Text component="dt" size="xs" c={k === 'received' ? undefined : 'dimmed'}>
            {t(`reconciliation.${k}`)}
            {k === 'credited' && ` (${f.num(v.count)})`}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            ta="right"
            fw={k === 'received' ? 600 : undefined}
            style={NOWRAP}
            data-testid={testId ? `${testId}-${k}` : undefined}
          >
            {f.money(v[k])}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

function Reconciliation() {
  const { t } = useTranslation();
  const f = useFormat();
  const narrow = useNarrow();
  const [range, setRange] = useState<BsRangeValue>(() => {
    const today = todayBs();
    return {
      from: formatBs({ ...today, day: 1 }, f.lang),
      to: formatBs(today, f.lang),
    };
  });
  const [wardId, setWardId] = useState('');
  const { from, to, reversed } = adRange(range);
  const valid = Boolean(from && to && !reversed);
  const query: ReconciliationQuery = { from, to, wardId: wardId ? Number(wardId) : undefined };

  const q = useQuery({
    queryKey: ['/payments/reconciliation', query],
    queryFn: ({ signal }) => fetchReconciliation(query, signal),
    enabled: valid,
  });

  const rows = q.data?.data ?? [];
  const perChannel = CHANNELS.map((c) => ({
    channel: c,
    ...sumRows(rows.filter((r) => r.channel === c)),
  })).filter((c) => c.received > 0 || c.count > 0);
  // the server's sums (meta); the rows' own as a fallback for a field it leaves out
  const grand: ReconciliationTotals = { ...sumRows(rows), ...q.data?.meta };

  const money = (v: ReconciliationTotals, k: Amount) => f.money(v[k]);

  const wideTable = (
    <Table
      striped
      withTableBorder
      fz="sm"
      horizontalSpacing="xs"
      aria-label={t('reconciliation.title')}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reconciliation.day')}</Table.Th>
          <Table.Th>{t('payments.channelLabel')}</Table.Th>
          <Table.Th ta="right">{t('reconciliation.received')}</Table.Th>
          <Table.Th ta="right">{t('reconciliation.credited')}</Table.Th>
          <Table.Th ta="right">{t('reconciliation.count')}</Table.Th>
          <Table.Th ta="right">{t('reconciliation.refundDue')}</Table.Th>
          <Table.Th ta="right">{t('reconciliation.refunded')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r: ReconciliationRow) => (
          <Table.Tr key={`${r.day}-${r.channel}`}>
            <Table.Td style={NOWRAP}>
              <BsDate value={r.day} />
            </Table.Td>
            <Table.Td>{t(`payments.channel.${r.channel}`)}</Table.Td>
            <Table.Td ta="right" style={NOWRAP} fw={600}>
              {money(r, 'received')}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {money(r, 'credited')}
            </Table.Td>
            <Table.Td ta="right">{f.num(r.count)}</Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {money(r, 'refundDue')}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {money(r, 'refunded')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {[
          ...perChannel.map((c) => ({
            key: c.channel,
            label: (
              <>
                <Table.Th>{t('reconciliation.channelTotal')}</Table.Th>
                <Table.Th>{t(`payments.channel.${c.channel}`)}</Table.Th>
              </>
            ),
            v: c as ReconciliationTotals,
            testId: undefined as string | undefined,
          })),
          {
            key: 'grand',
            label: <Table.Th colSpan={2}>{t('reconciliation.grandTotal')}</Table.Th>,
            v: grand,
            testId: 'grand',
          },
        ].map(({ key, label, v, testId }) => (
          <Table.Tr key={key}>
            {label}
            {AMOUNTS.map((k) => (
              <Fragment key={k}>
                <Table.Th
                  ta="right"
                  style={NOWRAP}
                  data-testid={testId ? `${testId}-${k}` : undefined}
                >
                  {money(v, k)}
                </Table.Th>
                {k === 'credited' && <Table.Th ta="right">{f.num(v.count)}</Table.Th>}
              </Fragment>
            ))}
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </Table>
  );

  const narrowTable = (
    <Table
      striped
      withTableBorder
      fz="sm"
      horizontalSpacing="xs"
      verticalSpacing="xs"
      aria-label={t('reconciliation.title')}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            {t('reconciliation.day')} · {t('payments.channelLabel')}
          </Table.Th>
          <Table.Th ta="right">{t('reconciliation.amounts')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.day}-${r.channel}`} style={{ verticalAlign: 'top' }}>
            <Table.Td style={NOWRAP}>
              <BsDate value={r.day} />
              <Text size="sm">{t(`payments.channel.${r.channel}`)}</Text>
            </Table.Td>
            <Table.Td w="70%">
              <StackedAmounts v={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {perChannel.map((c) => (
          <Table.Tr key={c.channel} style={{ verticalAlign: 'top' }}>
            <Table.Th>
              {t('reconciliation.channelTotal')}
              <Text size="sm" fw={700}>
                {t(`payments.channel.${c.channel}`)}
              </Text>
            </Table.Th>
            <Table.Td>
              <StackedAmounts v={c} />
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr style={{ verticalAlign: 'top' }}>
          <Table.Th>{t('reconciliation.grandTotal')}</Table.Th>
          <Table.Td>
            <StackedAmounts v={grand} testId="grand" />
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );

  return (
    <>
      <PageHeader title={t('reconciliation.title')}>
        <ExportButton
          path="/payments/reconciliation/export"
          query={{ ...query }}
          fallbackName="reconciliation"
          disabled={!valid}
        />
      </PageHeader>
      <Anchor component={Link} to="/payments" size="sm" display="inline-block" mb="sm">
        <Arrow to="back" /> {t('reconciliation.back')}
      </Anchor>
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} mb="md">
        <BsRange value={range} onChange={setRange} required />
        <WardFilter value={wardId} onChange={setWardId} maw={260} />
      </Group>
      {valid && q.isPending && <PageLoader />}
      {q.isError && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {q.data && rows.length === 0 && <Text c="dimmed">{t('reconciliation.empty')}</Text>}
      {q.data && rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('reconciliation.balances')}
          </Text>
          <Table.ScrollContainer minWidth={narrow ? 0 : 640} scrollAreaProps={{ type: 'auto' }}>
            {narrow ? narrowTable : wideTable}
          </Table.ScrollContainer>
        </>
      )}
    </>
  );
}

export default function ReconciliationPage() {
  return (
    <RequirePermission perms={['view-payments']}>
      <Reconciliation />
    </RequirePermission>
  );
}
