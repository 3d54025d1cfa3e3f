/** The header's bell (issue 5 §5): the unread count, linking to the notifications page. */
import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/useFormat';
import { useUnreadCount } from './api';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function NotificationBell() {
  const { t } = useTranslation();
  const f = useFormat();
  const unread = useUnreadCount().data ?? 0;
  const label =
    unread > 0 ? t('notifications.bellUnread', { n: f.num(unread) }) : t('notifications.bell');
  return (
    <Indicator
      label={f.num(unread > 99 ? 99 : unread) + (unread > 99 ? '+' : '')}
      size={16}
      color="red"
      offset={4}
      disabled={unread === 0}
      data-testid="bell-count"
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
