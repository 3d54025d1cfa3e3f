/**
 * A payment's status (pending, completed, failed, refund due, refunded) as a coloured,
 * translated badge. Refund due is money the palika still owes back: orange, to stand out.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from './api';

const COLOR: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
  refund_due: 'orange',
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
