/**
 * The fee estimate the applicant sees before submitting (issue 4 contract "Fee estimate"):
 * POST /api/applications/quote with what the form holds so far, debounced, and the answer's
 * bill lines or the reason there is no bill (`problem`, already in the user's language).
 * Also used on the renew page (with `renewalOf`) and on the detail page (`estimate`).
 */
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { request, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { BillTable } from './BillTable';
import type { Quote } from '../registrations';

/** What the quote is computed from; money in rupees as typed in the form. */
export interface QuoteInput {
  businessTypeId: string;
  capitalCurrent: string;
  rentMonthly?: string;
  rentTaxPeriodMonths?: string;
  renewalOf?: number;
}

/** The quote for `input`, asked 400 ms after the input stops changing. */
export function useQuote(input: QuoteInput) {
  // The key is a string so that a new but equal object does not restart the debounce.
  const [key] = useDebouncedValue(JSON.stringify(input), 400);
  const body = JSON.parse(key) as QuoteInput;
  const ready = Number(body.businessTypeId) > 0 && body.capitalCurrent.trim() !== '';
  return useQuery({
    queryKey: ['/applications', 'quote', key],
    queryFn: ({ signal }) =>
      request<Envelope<Quote>>('/applications/quote', {
        method: 'POST',
        body: {
          businessTypeId: body.businessTypeId,
          capitalCurrent: body.capitalCurrent.trim(),
          rentMonthly: body.rentMonthly?.trim() || undefined,
          rentTaxPeriodMonths: body.rentTaxPeriodMonths || undefined,
          renewalOf: body.renewalOf,
        },
        signal,
        // Asked while the applicant types: a half-typed amount is not worth a red toast; the
        // panel says the estimate failed instead.
        silent: true,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    select: (res) => res.data,
  });
}

/** Bill lines, or the reason there is none, and the renewal timing when there is one. */
export function QuoteView({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Stack gap="xs">
      {quote.timing && (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {t('estimate.monthsLate')}:{' '}
            <b data-testid="months-late">{f.num(quote.timing.monthsLate)}</b>
          </Text>
          <Text size="sm">
            {t('estimate.yearsDue')}:{' '}
            <b data-testid="years-due">{f.num(quote.timing.fiscalYearsDue)}</b>
          </Text>
        </Group>
      )}
      {quote.timing?.renewedBeforeExpiry && (
        <Text size="sm" c="teal.8">
          {t('estimate.early')}
        </Text>
      )}
      {quote.bill ? (
        <BillTable bill={quote.bill} />
      ) : (
        <Alert color="orange" variant="light">
          {quote.problem ?? t('estimate.failed')}
        </Alert>
      )}
    </Stack>
  );
}

/** The estimate card of the application form and the renew page; `footer` ends the card. */
export function FeeEstimate({ input, footer }: { input: QuoteInput; footer?: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuote(input);
  const ready = Number(input.businessTypeId) > 0 && input.capitalCurrent.trim() !== '';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t('estimate.title')}
      id="estimate"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h4">
          {t('estimate.title')}
        </Title>
        {q.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('estimate.note')}
      </Text>
      {!ready ? (
        <Text size="sm">{t('estimate.fillIn')}</Text>
      ) : q.isError ? (
        <Alert color="orange" variant="light">
          {(q.error instanceof Error && q.error.message) || t('estimate.failed')}
        </Alert>
      ) : q.data ? (
        <QuoteView quote={q.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      )}
      {footer && (
        <Text size="sm" c="dimmed" mt="sm">
          {footer}
        </Text>
      )}
    </Card>
  );
}
