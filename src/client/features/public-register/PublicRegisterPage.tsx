/**
 * The public register at `/public-register` (issue 19 §6), with no login: a search by business
 * name (English or Devanagari) or registration number, and for each registered business only
 * its public facts — type, ward, status (registered, expired, closed) and valid until (BS). The
 * search is in the address (`?q=…&page=…`), so a result can be shared and the back button works.
 * Results are cards, so a 360 px phone shows them whole; pages of 20 (at most 10).
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  PUBLIC_REGISTER_MAX_PAGE,
  PUBLIC_REGISTER_MIN_Q,
  type PublicRegisterItem,
  type PublicRegisterResponse,
} from '../../../shared/schemas/reports.js';
import { AuthCard } from '../../components/AuthCard';
import { api, ApiError } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';

const COLOR = { registered: 'green', expired: 'orange', closed: 'gray' } as const;

/** One registered business: name and status, then its facts as label and value. */
function ResultCard({ item }: { item: PublicRegisterItem }) {
  const { t } = useTranslation();
  const f = useFormat();
  const facts: [string, ReactNode][] = [
    [
      t('publicRegister.registrationNo'),
      <span translate="no">{f.digits(item.registrationNo)}</span>,
    ],
    [t('publicRegister.businessType'), f.name(item.businessType)],
    [t('publicRegister.ward'), `${f.num(item.ward.number)} — ${f.name(item.ward)}`],
    [t('publicRegister.validUntil'), item.validUntil ? f.date(item.validUntil) : '—'],
  ];
  return (
    <Card component="li" withBorder radius="md" padding="sm" style={{ overflowWrap: 'anywhere' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb={6}>
        <Text fw={600} translate="no">
          {item.businessName}
        </Text>
        <Badge color={COLOR[item.status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {t(`publicRegister.status.${item.status}`)}
        </Badge>
      </Group>
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 12 }}
      >
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Card>
  );
}

export default function PublicRegisterPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.min(Math.max(Number(params.get('page')) || 1, 1), PUBLIC_REGISTER_MAX_PAGE);
  const [text, setText] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const ready = q.length >= PUBLIC_REGISTER_MIN_Q;

  const res = useQuery({
    queryKey: ['/public-register', q, page],
    queryFn: ({ signal }) =>
      api.get<PublicRegisterResponse>('/public-register', { q, page }, signal),
    enabled: ready,
    retry: false,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    setTooShort(v.length < PUBLIC_REGISTER_MIN_Q);
    if (v.length >= PUBLIC_REGISTER_MIN_Q) setParams({ q: v });
  };
  const go = (p: number) => setParams({ q, page: String(p) });
  const items = res.data?.data ?? [];
  const limited = res.error instanceof ApiError && res.error.status === 429;

  return (
    <AuthCard title={t('publicRegister.title')} width={640}>
      <Text size="sm">{t('publicRegister.intro')}</Text>
      <form onSubmit={submit} role="search">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('publicRegister.searchLabel')}
            name="q"
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-describedby="public-register-hint"
            aria-invalid={tooShort || undefined}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit">{t('publicRegister.search')}</Button>
        </Group>
        <Text
          id="public-register-hint"
          size="xs"
          mt={4}
          c={tooShort ? 'red.8' : 'dimmed'}
          role={tooShort ? 'alert' : undefined}
        >
          {tooShort ? t('validation.searchTooShort') : t('publicRegister.hint')}
        </Text>
      </form>
      {ready && res.isPending && <Loader size="sm" aria-label={t('publicRegister.search')} />}
      {limited && <Alert color="orange">{t('publicRegister.tooMany')}</Alert>}
      {res.isError && !limited && <Alert color="red">{t('errors.actionFailed')}</Alert>}
      {res.data && items.length === 0 && (
        <Text c="dimmed" role="status">
          {t('publicRegister.empty', { q })}
        </Text>
      )}
      {items.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('publicRegister.title')}
          data-testid="public-register-results"
        >
          {items.map((item) => (
            <ResultCard key={item.registrationNo} item={item} />
          ))}
        </Stack>
      )}
      {res.data && (page > 1 || res.data.meta.hasMore) && (
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => go(page - 1)}>
            {t('publicRegister.previous')}
          </Button>
          <Text size="sm">{t('publicRegister.page', { page: f.num(page) })}</Text>
          <Button
            variant="default"
            size="xs"
            disabled={!res.data.meta.hasMore || page >= PUBLIC_REGISTER_MAX_PAGE}
            onClick={() => go(page + 1)}
          >
            {t('publicRegister.next')}
          </Button>
        </Group>
      )}
      {res.data?.meta.hasMore && page >= PUBLIC_REGISTER_MAX_PAGE && (
        <Text size="sm" c="dimmed">
          {t('publicRegister.lastPage')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('publicRegister.note')}
      </Text>
      <Group justify="space-between">
        <Anchor component={Link} to="/verify" size="sm">
          {t('publicRegister.verifyLink')}
        </Anchor>
        <Anchor component={Link} to="/" size="sm">
          {t('publicRegister.signIn')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
