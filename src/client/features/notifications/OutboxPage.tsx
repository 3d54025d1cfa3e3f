/**
 * The message outbox for staff (issue 5 §5 "staff can see it failed"): every SMS and email
 * with its delivery status, newest first, filtered by status and channel (GET /api/outbox).
 * A failed message shows its last error and attempts; users with edit-notifications can send
 * it again (POST /api/outbox/{id}/retry). Ward admins see the messages of their ward.
 */
import { Anchor, Badge, Box, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { ExportButton } from '../../components/ExportButton';
import { ResponsiveDataTable } from '../../components/ListCards';
import { PageSizeMenu } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { api, type ListPage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { canReach, pagerPages, useListPaging } from '../../lib/listPaging';
import { useFormat } from '../../lib/useFormat';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  kind: string;
  applicationId: number | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  body: string;
}

const STATUS_COLOR: Record<OutboxMessage['status'], string> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
};
const PAGE_SIZES = [10, 25, 50, 100];

function Outbox() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const canRetry = useCan('edit-notifications');
  const [status, setStatus] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  // keyset cursors per page (lib/listPaging.ts); new filters or page size start at page 1
  const resetKey = JSON.stringify([status, channel, rowsPerPage]);
  const paging = useListPaging(resetKey);
  const page = paging.page;

  const query = {
    ...paging.request,
    rowsPerPage,
    status: status ?? undefined,
    channel: channel ?? undefined,
  };
  const q = useQuery({
    queryKey: ['outbox', query],
    queryFn: async ({ signal }) => {
      const res = await api.get<ListPage<OutboxMessage>>('/outbox', query, signal);
      paging.remember(resetKey, query.page, res.meta);
      return res;
    },
    placeholderData: keepPreviousData,
  });
  const total = q.isError ? 0 : (q.data?.meta.total ?? 0);
  const capped = !q.isError && q.data?.meta.totalCapped === true;
  const retry = useMutation({
    mutationFn: (id: number) => api.post(`/outbox/${id}/retry`),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('notifications.retried') });
      void qc.invalidateQueries({ queryKey: ['outbox'] });
    },
  });

  const columns: DataTableColumn<OutboxMessage>[] = [
    {
      accessor: 'createdAt',
      title: t('notifications.createdAt'),
      render: (m) => <BsDate value={m.createdAt} />,
      noWrap: true,
    },
    {
      accessor: 'status',
      title: t('notifications.status'),
      render: (m) => (
        <Stack gap={2} maw={260}>
          <Badge
            color={STATUS_COLOR[m.status]}
            variant={m.status === 'failed' ? 'filled' : 'light'}
          >
            {t(`notifications.statuses.${m.status}`)}
          </Badge>
          {m.attempts > 0 && (
            <Text size="xs" c="dimmed">
              {t('notifications.attempts', { n: f.num(m.attempts) })}
            </Text>
          )}
          {m.lastError && (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {t('notifications.lastError')}: {m.lastError}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'channel',
      title: t('notifications.channel'),
      render: (m) => t(`notifications.channels.${m.channel}`),
    },
    {
      accessor: 'recipient',
      title: t('notifications.recipient'),
      render: (m) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} translate="no">
          {m.channel === 'sms' ? f.digits(m.recipient) : m.recipient}
        </Text>
      ),
    },
    {
      accessor: 'kind',
      title: t('notifications.kind'),
      render: (m) => t(`notifications.kinds.${m.kind}`, { defaultValue: m.kind }),
    },
    {
      accessor: 'applicationId',
      title: t('notifications.application'),
      render: (m) =>
        m.applicationId != null ? (
          <Anchor component={Link} to={`/business/applications/${m.applicationId}/detail`}>
            #{f.num(m.applicationId)}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'body',
      title: t('notifications.body'),
      render: (m) => (
        // The message as sent (names, numbers and links in it): data.
        <Text size="sm" lineClamp={3} miw={180} style={{ overflowWrap: 'anywhere' }} translate="no">
          {m.body}
        </Text>
      ),
    },
    ...(canRetry
      ? [
          {
            accessor: 'actions',
            title: '',
            render: (m: OutboxMessage) =>
              m.status === 'failed' ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  loading={retry.isPending && retry.variables === m.id}
                  onClick={() => retry.mutate(m.id)}
                >
                  {t('notifications.retry')}
                </Button>
              ) : null,
          } satisfies DataTableColumn<OutboxMessage>,
        ]
      : []),
  ];

  const allOf = (values: string[], prefix: string) => [
    { value: '', label: t('notifications.all') },
    ...values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
  ];

  return (
    <>
      <PageHeader title={t('notifications.outboxTitle')}>
        <ExportButton path="/outbox/export" query={{ status, channel }} fallbackName="outbox" />
      </PageHeader>
      <Group gap="sm" mb="md" align="flex-end">
        <NativeSelect
          label={t('notifications.status')}
          name="status"
          data={allOf(['pending', 'sent', 'failed'], 'notifications.statuses')}
          value={status ?? ''}
          onChange={(e) => setStatus(e.currentTarget.value || null)}
          w={160}
        />
        <NativeSelect
          label={t('notifications.channel')}
          name="channel"
          data={allOf(['sms', 'email'], 'notifications.channels')}
          value={channel ?? ''}
          onChange={(e) => setChannel(e.currentTarget.value || null)}
          w={160}
        />
      </Group>
      <Box style={{ minWidth: 0 }}>
        <ResponsiveDataTable<OutboxMessage>
          card={{
            title: 'recipient',
            status: 'status',
            fields: ['kind', 'createdAt', 'body'],
            action: 'actions',
          }}
          aria-label={t('notifications.outboxTable')}
          getPaginationControlProps={(c) =>
            c === 'previous' || c === 'next' ? { 'aria-label': t(`a11y.${c}Page`) } : {}
          }
          withTableBorder
          borderRadius="md"
          striped
          horizontalSpacing="xs"
          verticalAlign="top"
          minHeight={q.data?.data.length ? undefined : 180}
          scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
          columns={columns}
          records={q.isError ? [] : (q.data?.data ?? [])}
          fetching={q.isFetching}
          totalRecords={
            capped
              ? pagerPages(paging.cursors, { total, totalCapped: true }, rowsPerPage) * rowsPerPage
              : total
          }
          recordsPerPage={rowsPerPage}
          page={page}
          onPageChange={(p) => {
            if (canReach(paging.cursors, p, rowsPerPage)) paging.setPage(p);
          }}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={setRowsPerPage}
          recordsPerPageLabel={t('list.rowsPerPage')}
          paginationText={({ from, to }) =>
            t('list.range', {
              from: f.num(from),
              to: f.num(to),
              total: capped ? t('lists.totalCapped', { total: f.num(total) }) : f.num(total),
            })
          }
          paginationSize="sm"
          getPaginationItemProps={(p) => ({ children: f.num(p), 'aria-label': f.num(p) })}
          renderPagination={({ state, Controls }) => (
            <>
              <Controls.Text />
              <PageSizeMenu
                sizes={PAGE_SIZES}
                value={rowsPerPage}
                f={f}
                label={t('list.rowsPerPage')}
                onChange={setRowsPerPage}
              />
              {/* on a phone, one page button each side fewer, so a 3-digit last page fits one row */}
              <Controls.Pagination siblings={state.isWrapped ? 0 : 1} />
            </>
          )}
          noRecordsText={t('notifications.outboxEmpty')}
          loadingText={t('common.loading')}
          customRowAttributes={(m) => ({ 'data-status': m.status })}
        />
      </Box>
    </>
  );
}

export default function OutboxPage() {
  return (
    <RequirePermission perms={['send-notifications', 'view-notifications']}>
      <Outbox />
    </RequirePermission>
  );
}
