/**
 * The applicant home (issue 17 §1, the GOV.UK "task list" pattern): a prominent "Register a
 * business" start, then one card per application of theirs — drafts kept on this device first
 * — each with its status in plain words and its one next step (nextAction.ts). The rows come
 * from the applicant's own applications list (GET /api/applications: the server scopes it and
 * adds the bill total, the rejection remarks and the renewal state to an applicant's rows).
 * Staff keep the dashboard (app/App.tsx picks the page by role).
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayAd } from '../../../shared/bs-date.js';
import type { ApplicationListRow } from '../../../shared/schemas/application-list.js';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { api, type ListPage } from '../../lib/api';
import { useCan, useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import type { Service } from '../../../shared/lifecycle.js';
import { ApplicationCard } from './ApplicationCard';
import { useApplicationDrafts } from './drafts';
import { draftState, nextAction, orderCards, type CardState } from './nextAction';
import { Arrow } from '../../components/Arrow';

/** More than an applicant has in practice; the full list is a link away. */
const HOME_ROWS = 100;

/** The applicant's own applications, newest first; fetched again each time the home opens. */
function useOwnApplications() {
  const query = { rowsPerPage: HOME_ROWS, sortBy: 'id', descending: true };
  return useQuery({
    queryKey: ['/applications', 'list', 'home', query],
    queryFn: ({ signal }) => api.get<ListPage<ApplicationListRow>>('/applications', query, signal),
    staleTime: 0,
  });
}

/** The start: what registering takes, and the button that begins it. */
function StartPanel() {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      mb="xl"
      bg="indigo.0"
      style={{ borderColor: 'var(--mantine-color-indigo-3)' }}
    >
      <Title order={3} mb="xs">
        {t('home.startTitle')}
      </Title>
      <Text mb="md" maw={640}>
        {t('home.startText')}
      </Text>
      <Button
        component={Link}
        to="/apply-new"
        size="lg"
        color="green.8"
        w={{ base: '100%', xs: 'auto' }}
        rightSection={<Arrow />}
      >
        {t('home.start')}
      </Button>
    </Card>
  );
}

interface Entry {
  key: string;
  business: string;
  reference?: { label: string; no: string };
  reason?: string | null;
  service?: Service;
  card: CardState;
  order: number;
}

export default function HomePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();
  const canApply = useCan('create-applications');
  const apps = useOwnApplications();
  const drafts = useApplicationDrafts(user.id);
  const today = todayAd();

  // The cards are drawn in a deferred (time-sliced) render, not in the blocking one that
  // react-query's store update triggers (issue 18 §5).
  const appsData = useDeferredValue(apps.data);
  const rows = appsData?.data ?? [];
  const entries: Entry[] = [
    ...(drafts.data ?? []).map((d) => ({
      key: `draft-${d.kind}`,
      business: d.businessName,
      card: draftState(d),
      // drafts lead their rank: newer than any sent application
      order: Number.MAX_SAFE_INTEGER - (d.kind === 'single' ? 0 : 1),
    })),
    ...rows.map((r) => ({
      key: `app-${r.id}`,
      business: r.businessName,
      reference: r.registrationNo
        ? { label: t('home.registrationNo'), no: f.digits(r.registrationNo) }
        : { label: t('home.submissionNo'), no: f.digits(r.submissionNo) },
      reason: r.rejectionReason,
      service: r.service,
      card: nextAction(r, today),
      order: r.id,
    })),
  ];
  const total = appsData?.meta.total ?? 0;

  return (
    <>
      <PageHeader title={t('home.title')} />
      <Text mb="md" c="dimmed">
        {t('dashboard.welcome', { name: user.name })}
      </Text>
      {canApply && <StartPanel />}
      <Title order={2} size="h3" mb="sm">
        {t('home.yourApplications')}
      </Title>
      {apps.isError ? (
        <Alert color="red" variant="light" mb="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('home.loadFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => void apps.refetch()}>
              {t('home.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !appsData ? (
        <PageLoader />
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('home.none')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          maw={760}
          style={{ listStyle: 'none' }}
          aria-label={t('home.yourApplications')}
        >
          {orderCards(entries).map((e) => (
            <ApplicationCard
              key={e.key}
              business={e.business}
              reference={e.reference}
              card={e.card}
              reason={e.reason}
              service={e.service}
            />
          ))}
        </Stack>
      )}
      {rows.length > 0 && (
        <Anchor component={Link} to="/business/applications" display="inline-block" mt="md">
          {total > rows.length
            ? `${t('home.allApplications')} (${f.num(total)})`
            : t('home.allApplications')}
        </Anchor>
      )}
    </>
  );
}
