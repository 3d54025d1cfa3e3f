/** A payment's status (pending, completed, failed, refunded) as a coloured, translated badge. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from './api';

const COLOR: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
  refunded: 'gray',
};

export function PayStatusBadge({ status }: { status: PaymentStatus | string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLOR[status as PaymentStatus] ?? 'gray'}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`payments.payStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
