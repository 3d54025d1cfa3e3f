/** The "Receipt" download of one completed payment (the PDF, fetched with the bearer token). */
import { Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/useFormat';
import { downloadReceipt } from './api';

export function ReceiptDownload({
  payment,
}: {
  payment: { id: number; receiptNo: string | null; payStatus: string };
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  if (payment.payStatus !== 'completed') return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        loading={busy}
        aria-label={t('receipt.downloadOf', { no: f.digits(payment.receiptNo) })}
        onClick={() => {
          setBusy(true);
          downloadReceipt(payment.id, payment.receiptNo)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {t('receipt.short')}
      </Button>
      <Anchor component={Link} to={`/payments/${payment.id}/receipt`} size="sm">
        {t('receipt.open')}
      </Anchor>
    </Group>
  );
}
