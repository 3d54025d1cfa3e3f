/**
 * The staff Reports screen at `/reports` (issue 19 §7), for those who see payments
 * (`view-payments`; a ward admin's reports hold their ward only, by the server's scope): the
 * period in BS (a fiscal year or dates) and the ward, then one tab per report — receipt
 * register, cancelled and refunded receipts, collection, applications by age — each with its
 * totals and a CSV/XLSX export in the user's language.
 */
import { Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { WardFilter } from '../billing';
import type { ReportFilter } from './api';
import { initialPeriod, PeriodFilter, periodDates, type PeriodValue } from './PeriodFilter';
import { ReceiptsReport } from './ReceiptsReport';
import { AgeReport, CollectionReport } from './Summaries';

const TABS = ['receipts', 'refunds', 'collection', 'age'] as const;
type Tab = (typeof TABS)[number];

function Reports() {
  const { t } = useTranslation();
  const f = useFormat();
  const [period, setPeriod] = useState<PeriodValue>(() => initialPeriod(f.lang));
  const [wardId, setWardId] = useState('');
  const [tab, setTab] = useState<Tab>('receipts');
  const { from, to, valid } = periodDates(period);
  const filter: ReportFilter = { from, to, wardId: wardId ? Number(wardId) : undefined };
  return (
    <>
      <PageHeader title={t('reports.title')} />
      <Group gap="sm" align="flex-start" mb="md">
        <PeriodFilter value={period} onChange={setPeriod} />
        <WardFilter value={wardId} onChange={setWardId} maw={260} />
      </Group>
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="sm">
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`reports.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="receipts">
          <ReceiptsReport kind="receipts" filter={filter} valid={valid} />
        </Tabs.Panel>
        <Tabs.Panel value="refunds">
          <ReceiptsReport kind="refunds" filter={filter} valid={valid} />
        </Tabs.Panel>
        <Tabs.Panel value="collection">
          <CollectionReport filter={filter} valid={valid} />
        </Tabs.Panel>
        <Tabs.Panel value="age">
          <AgeReport filter={filter} valid={valid} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default function ReportsPage() {
  return (
    <RequirePermission perms={['view-payments']}>
      <Reports />
    </RequirePermission>
  );
}
