/**
 * Dashboard (SPEC §3 dashboard counts): total, pending, verified, paid, approved and rejected
 * requests, the paid amount and users, scoped by the server to what the user may see.
 */
import { Alert, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { api, type Envelope } from '../../lib/api';
import { useCan, useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';

export interface DashboardCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  verified: number;
  paid: number;
  /** paisa */
  paidAmount: number;
  users: number;
}

const COUNT_KEYS = ['total', 'pending', 'verified', 'paid', 'approved', 'rejected'] as const;

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
  const q = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<Envelope<DashboardCounts>>('/dashboard', undefined, signal),
  });

  const link = (status?: string) =>
    canList ? `/business/applications${status ? `?status=${status}` : ''}` : undefined;

  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Text mb="md" c="dimmed">
        {t('dashboard.welcome', { name: user.name })}
      </Text>
      {q.isPending && <PageLoader />}
      {q.isError && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {q.data && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
          {COUNT_KEYS.map((k) => (
            <StatCard
              key={k}
              label={t(`dashboard.${k}`)}
              value={f.num(q.data.data[k])}
              to={link(k === 'total' ? undefined : k)}
            />
          ))}
        </SimpleGrid>
      )}
      {q.data && (
        // Amounts are long (रु. १,२३,४५६.००): their own row, full width on phones.
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" mt="sm">
          <StatCard label={t('dashboard.paidAmount')} value={f.money(q.data.data.paidAmount)} />
          {user.userType !== 'user' && (
            <StatCard label={t('dashboard.users')} value={f.num(q.data.data.users)} />
          )}
        </SimpleGrid>
      )}
    </>
  );
}
