/**
 * The audit log viewer for system admins (issue 8 §5; GET /api/audit-log): sign-ins and failed
 * sign-ins, refused sessions, access denied, password and code events, application and payment
 * changes, newest first. Filtered by kind of event and BS date range; "Older entries" follows the
 * server's keyset cursor, so the page never asks for a count of the whole trail. Written for
 * people (issue 17 §7): each event's full label, the record's kind by name, the changed fields
 * as before → after with money in rupees (auditFormat.ts), BS date and time in Nepal.
 */
import { Box, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../components/Forbidden';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../lib/auth';
import { api } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { adRange, BsRange, type BsRangeValue } from '../../components/BsRange';
import { bsDateTime } from '../../lib/bsDateTime';
import { auditDetails, entityLabel, eventLabel } from './auditFormat';

export interface AuditEntry {
  id: number;
  createdAt: string;
  action: string;
  entity: string;
  entityId: number | null;
  userId: number | null;
  username: string | null;
  ip: string | null;
  data: unknown;
}

interface AuditPage {
  data: AuditEntry[];
  nextBefore: number | null;
}

/** Filter value → the action prefix the server matches. */
export const AUDIT_GROUPS = {
  all: '',
  login: 'login',
  rejected: 'auth.rejected',
  denied: 'auth.denied',
  password: 'password',
  otp: 'otp',
  application: 'application',
  payment: 'payment',
} as const;
type Group = keyof typeof AUDIT_GROUPS;

const WARN = new Set(['login.fail', 'login.locked', 'auth.rejected', 'auth.denied']);

/** The changes of one entry as "field: before → after" lines. */
function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lines = auditDetails(entry.action, entry.data, t, f);
  if (!lines.length) return <>—</>;
  return (
    <Box component="ul" m={0} pl={0} style={{ listStyle: 'none' }}>
      {lines.map((l, i) => (
        <Text component="li" size="sm" key={i} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            {l.label}:
          </Text>{' '}
          {l.text}
        </Text>
      ))}
    </Box>
  );
}

/** On a phone, one card per entry instead of a table that scrolls sideways. */
function EntryCards({ rows }: { rows: AuditEntry[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Stack
      gap="xs"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('audit.title')}
    >
      {rows.map((r) => (
        <Card component="li" key={r.id} withBorder padding="sm">
          <Text fw={600} size="sm" c={WARN.has(r.action) ? 'red.8' : undefined}>
            {eventLabel(r.action, t)}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={r.createdAt}>{bsDateTime(r.createdAt, f)}</time>
            {' · '}
            <span translate="no">{r.username ?? '—'}</span>
            {' · '}
            {entityLabel(r.entity, t)}
            {r.entityId != null ? ` #${f.num(r.entityId)}` : ''}
          </Text>
          <Box mt={4}>
            <Details entry={r} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

/** System admins only (the API refuses everyone else with 403 too). */
export default function AuditLogPage() {
  const user = useCurrentUser();
  return user.roles.includes('systemadmin') ? <AuditLog /> : <Forbidden />;
}

function AuditLog() {
  const { t } = useTranslation();
  const f = useFormat();
  const [group, setGroup] = useState<Group>('all');
  const [range, setRange] = useState<BsRangeValue>({ from: '', to: '' });
  const { from, to, reversed } = adRange(range);
  const filters = {
    action: AUDIT_GROUPS[group] || undefined,
    from: from || undefined,
    to: reversed ? undefined : to || undefined,
  };
  const q = useInfiniteQuery({
    queryKey: ['audit-log', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>('/audit-log', { ...filters, before: pageParam, rowsPerPage: 50 }, signal),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const phone = useMediaQuery('(max-width: 600px)') ?? false;

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      accessor: 'createdAt',
      title: t('audit.when'),
      noWrap: true,
      render: (r) => <time dateTime={r.createdAt}>{bsDateTime(r.createdAt, f)}</time>,
    },
    {
      accessor: 'action',
      title: t('audit.event'),
      // the whole label, wrapped: never cut off (issue 17 §7)
      cellsStyle: () => ({ minWidth: 170 }),
      render: (r) => (
        <Text size="sm" fw={500} c={WARN.has(r.action) ? 'red.8' : undefined}>
          {eventLabel(r.action, t)}
        </Text>
      ),
    },
    {
      accessor: 'username',
      title: t('audit.user'),
      render: (r) => (r.username ? <span translate="no">{r.username}</span> : '—'),
    },
    {
      accessor: 'entity',
      title: t('audit.record'),
      render: (r) =>
        r.entityId != null ? (
          <span>
            {entityLabel(r.entity, t)} #{f.num(r.entityId)}
          </span>
        ) : (
          <span>{entityLabel(r.entity, t)}</span>
        ),
    },
    {
      accessor: 'data',
      title: t('audit.details'),
      cellsStyle: () => ({ minWidth: 220 }),
      render: (r) => <Details entry={r} />,
    },
    {
      accessor: 'ip',
      title: t('audit.ip'),
      render: (r) => <span translate="no">{r.ip ?? '—'}</span>,
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('audit.title')} />
      <Text c="dimmed" size="sm">
        {t('audit.intro')}
      </Text>
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('audit.event')}
          name="action"
          value={group}
          onChange={(e) => setGroup(e.currentTarget.value as Group)}
          data={(Object.keys(AUDIT_GROUPS) as Group[]).map((g) => ({
            value: g,
            label: t(`audit.groups.${g}`),
          }))}
        />
        <BsRange value={range} onChange={setRange} />
      </Group>
      {phone && rows.length > 0 ? (
        <EntryCards rows={rows} />
      ) : (
        <DataTable<AuditEntry>
          aria-label={t('audit.title')}
          withTableBorder
          striped
          minHeight={rows.length ? undefined : 160}
          records={rows}
          columns={columns}
          fetching={q.isFetching && !q.isFetchingNextPage}
          noRecordsText={q.isError ? t('errors.server') : t('audit.empty')}
        />
      )}
      {q.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void q.fetchNextPage()}
          loading={q.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('audit.older')}
        </Button>
      )}
    </Stack>
  );
}
