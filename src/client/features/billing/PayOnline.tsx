/**
 * The applicant's payment choice on a verified application (SPEC §2 "make payment online";
 * issue 6): the bill's total and a choice of eSewa, Khalti (the channels configured on the
 * server) or paying at the ward office counter. The Idempotency-Key of an open attempt is kept
 * per application and channel in sessionStorage, so a double click or a retry answers the same
 * payment.
 */
import { Alert, Button, Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type Envelope } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import type { ApplicationDetail } from '../registrations';
import { forgetAttempt, goToGateway, initiatePayment, type OnlineChannel } from './api';

type Choice = OnlineChannel | 'counter';

export function useOnlineChannels() {
  return useQuery({
    queryKey: ['/payments/channels'],
    queryFn: ({ signal }) =>
      api.get<Envelope<OnlineChannel[]>>('/payments/channels', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** Shown to the applicant while the application is verified and has a bill. */
export function PayOnline({ detail }: { detail: ApplicationDetail & { userId?: number } }) {
  const user = useCurrentUser();
  if (detail.appStatus !== 'verified' || !detail.bill) return null;
  // Only the applicant pays online; staff record counter payments.
  if (detail.userId !== user.id) return null;
  return <PaymentChoice appId={detail.id} total={detail.bill.total} />;
}

export function PaymentChoice({ appId, total }: { appId: number; total: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const channels = useOnlineChannels();
  const online = channels.data?.data ?? [];
  const [choice, setChoice] = useState<Choice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const selected: Choice | null = choice ?? (channels.isSuccess ? (online[0] ?? 'counter') : null);

  const pay = useMutation({
    mutationFn: (channel: OnlineChannel) => initiatePayment(appId, channel),
    onMutate: () => setProblem(null),
    onSuccess: (init) => goToGateway(init),
    onError: (e, channel) => {
      const status = e instanceof ApiError ? e.status : 0;
      // A refused or closed attempt is over: the next try starts a new one. A network failure
      // keeps the key, so the retry answers the same payment.
      if (status >= 400) forgetAttempt(appId, channel);
      setProblem(
        status === 0 ? t('payOnline.network') : (e as ApiError).message || t('errors.actionFailed'),
      );
    },
  });

  // Back from the gateway through the browser's back button (a page restored from the
  // back-forward cache): the button is usable again, and the retry reuses the attempt's key.
  const { reset } = pay;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  const label = (c: Choice) => t(`payOnline.channel.${c}`);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      mb="md"
      component="section"
      aria-label={t('payOnline.title')}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('payOnline.title')}
        </Title>
        <Text>
          {t('payOnline.amountDue')}:{' '}
          <Text span fw={700} data-testid="amount-due">
            {f.money(total)}
          </Text>
        </Text>
        <Radio.Group
          label={t('payOnline.choose')}
          name="payChannel"
          value={selected ?? ''}
          onChange={(v) => {
            setChoice(v as Choice);
            setProblem(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {online.map((c) => (
              <Radio key={c} value={c} label={label(c)} description={t(`payOnline.help.${c}`)} />
            ))}
            <Radio
              value="counter"
              label={label('counter')}
              description={t('payOnline.help.counter')}
            />
          </Stack>
        </Radio.Group>
        {selected === 'counter' && (
          <Alert color="blue" variant="light">
            {t('payOnline.counterInfo')}
          </Alert>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {selected && selected !== 'counter' && (
          <Button
            color="green"
            loading={pay.isPending || pay.isSuccess}
            onClick={() => pay.mutate(selected)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('payOnline.payWith', { channel: label(selected) })}
          </Button>
        )}
        <Text size="xs" c="dimmed">
          {t('payOnline.note')}
        </Text>
      </Stack>
    </Card>
  );
}
