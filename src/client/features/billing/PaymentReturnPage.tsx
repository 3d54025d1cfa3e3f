/**
 * Where the gateway sends the applicant back (issue 6): `/payment/esewa/return?application=
 * &data=` (or `&failed=1` when cancelled) and `/payment/khalti/return?application=&pidx=`.
 * The server confirms the payment with the gateway; this page shows the outcome with a link to
 * the application and, once completed, to its receipt. A gateway that is down (503) leaves the
 * payment pending: it is checked again later. Money received that could not be credited to the
 * bill (paid meanwhile at the counter, the bill changed …) is `refund_due`: the page says why
 * and that the palika pays it back (issue 15).
 */
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { useApplicationDetail } from '../registrations';
import {
  confirmPayment,
  forgetAttempt,
  type OnlineChannel,
  type Outcome,
  type RefundReason,
} from './api';

type Result =
  | { kind: 'outcome'; outcome: Outcome; reason?: RefundReason | null }
  | { kind: 'cancelled' }
  | { kind: 'refused'; message: string };

const COLORS: Record<Outcome | 'cancelled' | 'refused', string> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  refund_due: 'orange',
  cancelled: 'gray',
  refused: 'red',
};

/** The completed payment's receipt link, from the application's payments. */
function ReceiptLink({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(appId, f.lang);
  const paid = q.data?.data.payments.filter((p) => p.payStatus === 'completed').at(-1);
  if (!paid) return null;
  return (
    <Button component={Link} to={`/payments/${paid.id}/receipt`} color="green">
      {t('receipt.view')}
    </Button>
  );
}

export default function PaymentReturnPage({ channel }: { channel: OnlineChannel }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const appId = Number(params.get('application'));
  const value = (channel === 'esewa' ? params.get('data') : params.get('pidx')) ?? '';
  const cancelled = channel === 'esewa' && (params.get('failed') === '1' || !value);
  const validApp = Number.isInteger(appId) && appId > 0;

  // A query (not an effect) so that a re-render or React's strict double mount confirms once.
  const q = useQuery({
    queryKey: ['payment-return', channel, appId, value],
    enabled: validApp && !cancelled && Boolean(value),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: async (): Promise<Result> => {
      try {
        const res = await confirmPayment(channel, appId, value);
        return { kind: 'outcome', outcome: res.data.outcome, reason: res.data.reason };
      } catch (e) {
        if (e instanceof ApiError && (e.status === 503 || e.status === 0)) {
          return { kind: 'outcome', outcome: 'pending' };
        }
        if (e instanceof ApiError) {
          return { kind: 'refused', message: e.message || t('errors.actionFailed') };
        }
        throw e;
      }
    },
  });

  let result: Result | null = null;
  if (!validApp || (channel === 'khalti' && !value)) {
    result = { kind: 'refused', message: t('payReturn.badLink') };
  } else if (cancelled) result = { kind: 'cancelled' };
  else if (q.data) result = q.data;
  else if (q.isError) result = { kind: 'refused', message: t('errors.actionFailed') };

  // A finished attempt frees its Idempotency-Key; a pending one keeps it for the re-check.
  const finished = result && !(result.kind === 'outcome' && result.outcome === 'pending');
  useEffect(() => {
    if (finished && validApp) forgetAttempt(appId, channel);
  }, [finished, validApp, appId, channel]);

  const key = result ? (result.kind === 'outcome' ? result.outcome : result.kind) : null;

  return (
    <Stack maw={640} gap="md">
      <Title order={2}>{t(`payReturn.title.${channel}`)}</Title>
      {!result ? (
        <Card withBorder padding="lg">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text>{t('payReturn.checking')}</Text>
          </Group>
        </Card>
      ) : (
        <Alert
          color={COLORS[key!]}
          variant="light"
          title={t(`payReturn.${key}.title`)}
          role={key === 'completed' ? 'status' : 'alert'}
          data-outcome={key}
        >
          <Text size="sm">
            {t(`payReturn.${key}.text`, {
              // the reason is a sentence of its own (or nothing when the server gave none)
              reason:
                result.kind === 'outcome' && result.reason
                  ? t(`payments.refundReason.${result.reason}`)
                  : '',
            })}
          </Text>
          {result.kind === 'refused' && (
            <Text size="sm" mt="xs" fw={500}>
              {result.message}
            </Text>
          )}
        </Alert>
      )}
      {validApp && (
        <Group gap="sm">
          {key === 'completed' && <ReceiptLink appId={appId} />}
          <Anchor component={Link} to={`/business/applications/${appId}/detail`}>
            {t('payReturn.toApplication')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
