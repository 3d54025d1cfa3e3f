/**
 * Daily reconciliation (issue 6 §8) at `/payments/reconciliation`: completed payments per day
 * and channel in a BS date range (sent as AD), with the totals per channel and overall, and
 * the same report as a CSV or XLSX download in the user's language (ExportButton).
 */
import { Alert, Anchor, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBs, todayBs } from '../../../shared/bs-date.js';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { CHANNELS, fetchReconciliation, type ReconciliationQuery } from './api';
import { adRange, BsRange, type BsRangeValue } from '../../components/BsRange';
import { WardFilter } from './WardFilter';

function Reconciliation() {
  const { t } = useTranslation();
  const f = useFormat();
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
  const perChannel = CHANNELS.map((c) => {
    const mine = rows.filter((r) => r.channel === c);
    return {
      channel: c,
      count: mine.reduce((s, r) => s + r.count, 0),
      total: mine.reduce((s, r) => s + r.total, 0),
    };
  }).filter((c) => c.count > 0);

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
        ← {t('reconciliation.back')}
      </Anchor>
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} mb="md">
        <BsRange value={range} onChange={setRange} required />
        <WardFilter value={wardId} onChange={setWardId} maw={260} />
      </Group>
      {valid && q.isPending && <PageLoader />}
      {q.isError && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {q.data && rows.length === 0 && <Text c="dimmed">{t('reconciliation.empty')}</Text>}
      {q.data && rows.length > 0 && (
        <Table.ScrollContainer minWidth={300} scrollAreaProps={{ type: 'auto' }}>
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
                <Table.Th ta="right">{t('reconciliation.count')}</Table.Th>
                <Table.Th ta="right">{t('payments.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.day}-${r.channel}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <BsDate value={r.day} />
                  </Table.Td>
                  <Table.Td>{t(`payments.channel.${r.channel}`)}</Table.Td>
                  <Table.Td ta="right">{f.num(r.count)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {f.money(r.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {perChannel.map((c) => (
                <Table.Tr key={c.channel}>
                  <Table.Th>{t('reconciliation.channelTotal')}</Table.Th>
                  <Table.Th>{t(`payments.channel.${c.channel}`)}</Table.Th>
                  <Table.Th ta="right">{f.num(c.count)}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {f.money(c.total)}
                  </Table.Th>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th colSpan={2}>{t('reconciliation.grandTotal')}</Table.Th>
                <Table.Th ta="right">{f.num(q.data.meta.count)}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="grand-total">
                  {f.money(q.data.meta.total)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
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
