/**
 * Dashboard (SPEC §3 dashboard counts, issue 7 §3 charts): total, pending, verified, paid,
 * approved and rejected requests, the paid amount and users, then the charts. The server scopes
 * everything to what the user may see (a ward admin: their ward; an applicant: their own).
 * Filters: the fiscal year (default: the current one) and, for a system admin, the ward. They
 * live in the URL (`?fiscalYearId=…|all&wardId=…`) so a reload or a shared link keeps them.
 */
import { Alert, Group, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { latestStartFirst } from '../../../shared/fiscal-year.js';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { api, type Envelope } from '../../lib/api';
import { useCan, useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import type { WardOption } from '../registrations';
import { useAllOptions } from '../../lib/useOptions';
import { DashboardCharts } from './DashboardCharts';
import type { DashboardData, FiscalYearOption } from './types';

export type { DashboardCounts, DashboardData } from './types';

const COUNT_KEYS = ['total', 'pending', 'verified', 'paid', 'approved', 'rejected'] as const;

/** A positive integer id from the URL, else null (a hand-edited URL must not reach the API). */
function idParam(v: string | null): number | null {
  return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}

function StatCard({ label, value, to }: { label: string; value: string; to?: string }) {
  const linkProps = to ? { component: Link, to } : {};
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      {...(linkProps as object)}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={26} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Paper>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();
  const canList = useCan('view-applications');
  const isAdmin = user.userType === 'systemadmin';
  const isWardAdmin = user.userType === 'wardadmin';
  const [params, setParams] = useSearchParams();

  const fiscalYears = useAllOptions<FiscalYearOption>('fiscal-years');
  const wards = useAllOptions<WardOption>('wards', undefined, isAdmin || isWardAdmin);

  // Fiscal year: the URL's ('all' or an id), else the current year once the list is known.
  const fyParam = params.get('fiscalYearId');
  const fyAll = fyParam === 'all';
  const fyFromUrl = idParam(fyParam);
  const currentFy = fiscalYears.data?.find((y) => y.isCurrent);
  const fyId = fyAll ? null : (fyFromUrl ?? currentFy?.id ?? null);
  const fyKnown = fyAll || fyFromUrl !== null || !fiscalYears.isPending;
  // Only a system admin picks a ward; the server keeps a ward admin to theirs anyway.
  const wardId = isAdmin ? idParam(params.get('wardId')) : null;

  const q = useQuery({
    queryKey: ['dashboard', { fiscalYearId: fyId, wardId }],
    queryFn: ({ signal }) =>
      api.get<Envelope<DashboardData>>(
        '/dashboard',
        { fiscalYearId: fyId ?? undefined, wardId: wardId ?? undefined },
        signal,
      ),
    enabled: fyKnown,
    // Keep the last figures on screen while a new filter loads, instead of a blank page.
    placeholderData: keepPreviousData,
  });

  const setParam = (key: 'fiscalYearId' | 'wardId', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const link = (status?: string) => {
    if (!canList) return undefined;
    const search = new URLSearchParams();
    if (status) search.set('status', status);
    if (fyId) search.set('fiscalYearId', String(fyId));
    if (wardId) search.set('wardId', String(wardId));
    const s = search.toString();
    return `/business/applications${s ? `?${s}` : ''}`;
  };

  const fyLabel = (y: FiscalYearOption) => {
    const code = f.lang === 'ne' ? f.digits(y.code) : y.code;
    return y.isCurrent ? t('charts.currentYear', { fy: code }) : code;
  };
  const wardLabel = (w: WardOption) => `${f.num(w.number)} — ${f.name(w)}`;
  const sortedWards = (wards.data ?? []).slice().sort((a, b) => a.number - b.number);
  const myWard = isWardAdmin ? sortedWards.find((w) => w.id === user.wardId) : undefined;
  const data = q.data?.data;

  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Text mb="md" c="dimmed">
        {t('dashboard.welcome', { name: user.name })}
      </Text>
      <Group
        role="group"
        aria-label={t('charts.filters')}
        mb="md"
        gap="sm"
        align="flex-end"
        grow
        preventGrowOverflow={false}
      >
        <NativeSelect
          label={t('charts.fiscalYear')}
          name="fiscalYearId"
          value={fyAll ? 'all' : fyId ? String(fyId) : ''}
          onChange={(e) => setParam('fiscalYearId', e.currentTarget.value)}
          data={[
            ...(fyId || fyAll ? [] : [{ value: '', label: '…' }]),
            { value: 'all', label: t('charts.allFiscalYears') },
            ...(fiscalYears.data ?? [])
              .slice()
              .sort(latestStartFirst)
              .map((y) => ({ value: String(y.id), label: fyLabel(y) })),
          ]}
          miw={160}
          maw={{ base: undefined, sm: 260 }}
        />
        {isAdmin && (
          <NativeSelect
            label={t('charts.ward')}
            name="wardId"
            value={wardId ? String(wardId) : ''}
            onChange={(e) => setParam('wardId', e.currentTarget.value)}
            data={[
              { value: '', label: t('charts.allWards') },
              ...sortedWards.map((w) => ({ value: String(w.id), label: wardLabel(w) })),
            ]}
            miw={160}
            maw={{ base: undefined, sm: 260 }}
          />
        )}
        {isWardAdmin && myWard && (
          // A ward admin sees their own ward only (the server scopes them): shown, not picked.
          <TextInput
            label={t('charts.yourWard')}
            value={wardLabel(myWard)}
            readOnly
            variant="filled"
            miw={160}
            maw={{ base: undefined, sm: 260 }}
          />
        )}
      </Group>
      {(q.isPending || !fyKnown) && <PageLoader />}
      {q.isError && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {data && (
        <div style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }} aria-busy={q.isPlaceholderData}>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {COUNT_KEYS.map((k) => (
              <StatCard
                key={k}
                label={t(`dashboard.${k}`)}
                value={f.num(data[k])}
                to={link(k === 'total' ? undefined : k)}
              />
            ))}
          </SimpleGrid>
          {/* Amounts are long (रु. १,२३,४५६.००): their own row, full width on phones. */}
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" mt="sm">
            <StatCard label={t('dashboard.paidAmount')} value={f.money(data.paidAmount)} />
            {user.userType !== 'user' && (
              // The server counts every account only for a system admin without filters;
              // otherwise the applicants of the applications counted (service `dashboard`).
              <StatCard
                label={isAdmin && !fyId && !wardId ? t('dashboard.users') : t('charts.applicants')}
                value={f.num(data.users)}
              />
            )}
          </SimpleGrid>
          <DashboardCharts data={data} />
        </div>
      )}
    </>
  );
}
