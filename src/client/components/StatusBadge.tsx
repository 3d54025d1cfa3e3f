/** Application status as a coloured, translated badge. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppStatus } from '../../shared/lifecycle.js';

export const STATUS_COLOR: Record<AppStatus, string> = {
  pending: 'yellow',
  verified: 'blue',
  paid: 'cyan',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
  closed: 'dark',
};

export function StatusBadge({ status }: { status: AppStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status] ?? 'gray'}
      variant="light"
      // Never cut the status short ("PEN…") when a table column is tight.
      style={{ flexShrink: 0, minWidth: 'max-content', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
