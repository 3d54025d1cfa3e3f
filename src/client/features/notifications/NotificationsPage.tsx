/**
 * The signed-in user's notifications (issue 5 §5), newest first with the BS date. Opening one
 * (clicking it) marks it read and, when it is about an application, goes to that
 * application's detail; "mark all read" clears the bell.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useFormat } from '../../lib/useFormat';
import { useMarkRead, useNotificationsPage, type AppNotification } from './api';
import { Arrow } from '../../components/Arrow';

const PER_PAGE = 25;

function Item({ n, onOpen }: { n: AppNotification; onOpen: (n: AppNotification) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const unread = n.readAt === null;
  return (
    <Card
      withBorder
      radius="md"
      p={0}
      component="li"
      bg={unread ? 'indigo.0' : undefined}
      data-unread={unread || undefined}
    >
      <UnstyledButton onClick={() => onOpen(n)} p="sm" w="100%" style={{ display: 'block' }}>
        <Group gap={6} mb={2}>
          <Text size="xs" c="dimmed" component="span">
            {f.date(n.createdAt)}
          </Text>
          {unread && (
            <Badge size="xs" color="red" variant="filled">
              {t('notifications.unread')}
            </Badge>
          )}
        </Group>
        {/* A stored message (written when sent, with names and numbers in it): data. */}
        <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }} translate="no">
          {n.title}
        </Text>
        <Text
          size="sm"
          mt={4}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          translate="no"
        >
          {n.body}
        </Text>
        {n.applicationId != null && (
          <Text size="sm" c="indigo.8" mt={4}>
            {t('notifications.openApplication')} <Arrow />
          </Text>
        )}
      </UnstyledButton>
    </Card>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const q = useNotificationsPage(page, PER_PAGE);
  const markRead = useMarkRead();

  const open = (n: AppNotification) => {
    if (n.readAt === null) markRead.mutate([n.id]);
    if (n.applicationId != null) void navigate(`/business/applications/${n.applicationId}/detail`);
  };

  const unread = q.data?.meta.unread ?? 0;
  const total = q.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <>
      <PageHeader title={t('notifications.title')}>
        <Button
          variant="light"
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables === undefined}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('notifications.markAllRead')}
        </Button>
      </PageHeader>
      {q.isPending ? (
        <PageLoader />
      ) : q.isError ? (
        <Alert color="red">{t('errors.actionFailed')}</Alert>
      ) : q.data.data.length === 0 ? (
        <Text c="dimmed">{t('notifications.empty')}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          maw={760}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('notifications.title')}
        >
          {q.data.data.map((n) => (
            <Item key={n.id} n={n} onOpen={open} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          onChange={setPage}
          getItemProps={(p) => ({ children: f.num(p) })}
        />
      )}
    </>
  );
}
