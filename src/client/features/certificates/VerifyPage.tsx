/**
 * Public certificate verification (issue 7 §2): `/verify/{code}` is what the QR code on a
 * certificate opens, with no login. It shows only what the certificate shows publicly and
 * whether it is valid, expired, renewed or revoked; a forged or altered code is reported as
 * not genuine. `/verify` lets a person type the code printed beside the QR code. A revoked or
 * expired certificate is headed so (issue 17 §5), with the date and the reason where known,
 * never "Genuine certificate". Issue 19: a certificate replaced by a newer version (an
 * amendment's, or a duplicate) is "superseded", one of a closed business "closed" (with the
 * date); a duplicate or an amended version is marked so, with its issue date.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { todayAd } from '../../../shared/bs-date.js';
import { AuthCard } from '../../components/AuthCard';
import { api, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';

/** GET /api/verify/{code} */
export type Verification =
  | { genuine: false }
  | {
      genuine: true;
      status: 'valid' | 'expired' | 'renewed' | 'revoked' | 'superseded' | 'closed';
      businessName: string;
      registrationNo: string;
      ward: { number: number; nameEn: string; nameNe: string };
      fiscalYear: { en: string; ne: string };
      validUntil: string;
      issuedAt: string;
      revokedAt: string | null;
      revokeReason: string | null;
      /** issue 19: the first issue, a new version after an amendment, or a duplicate */
      kind?: 'issue' | 'amendment' | 'duplicate';
      /** AD date the business closed (status 'closed') */
      closedOn?: string | null;
    };

const COLOR = {
  valid: 'green',
  expired: 'orange',
  renewed: 'blue',
  revoked: 'red',
  superseded: 'gray',
  closed: 'dark',
} as const;

function CodeForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (c) void navigate(`/verify/${encodeURIComponent(c)}`);
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('verify.codeLabel')}
          // An example code: a value, written the same in every language.
          placeholder="K7Q2-9XMDA3F1B2"
          translate="no"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: 1 }}
          autoCapitalize="characters"
        />
        <Button type="submit">{t('verify.check')}</Button>
      </Group>
    </form>
  );
}

type Genuine = Extract<Verification, { genuine: true }>;

/**
 * The heading of a genuine code's answer: "This certificate has been revoked" (when and why,
 * where known) or "…has expired" (valid until) for a certificate that is no longer valid, else
 * "Genuine certificate"; the status badge beside it in every case.
 */
function StatusHeading({ v }: { v: Genuine }) {
  const { t } = useTranslation();
  const f = useFormat();
  const badge = (
    <Badge color={COLOR[v.status]} size="lg" variant="light" data-testid="verify-status">
      {t(`verify.status.${v.status}`)}
    </Badge>
  );
  if (v.status === 'superseded' || v.status === 'closed') return <ReplacedHeading v={v} />;
  if (v.status !== 'revoked' && v.status !== 'expired') {
    return (
      <Group gap="xs">
        <Text fw={600}>{t('verify.genuine')}</Text>
        {badge}
      </Group>
    );
  }
  const revoked = v.status === 'revoked';
  return (
    <Alert
      color={COLOR[v.status]}
      variant="light"
      role="status"
      title={
        <Title order={4} c={revoked ? 'red.9' : 'orange.9'} data-testid="verify-heading">
          {t(revoked ? 'trustedDocuments.revokedHeading' : 'trustedDocuments.expiredHeading')}
        </Title>
      }
    >
      <Stack gap={4}>
        <Group gap="xs">{badge}</Group>
        {revoked && v.revokedAt && (
          <Text size="sm">{t('trustedDocuments.revokedOn', { date: f.date(v.revokedAt) })}</Text>
        )}
        {revoked && v.revokeReason && (
          // the reason is what staff typed: data, not language (translate="no")
          <Text size="sm">
            {t('verify.revokeReason')}: <span translate="no">{v.revokeReason}</span>
          </Text>
        )}
        {!revoked && (
          <Text size="sm">{t('trustedDocuments.expiredOn', { date: f.date(v.validUntil) })}</Text>
        )}
        <Text size="sm">
          {t(revoked ? 'trustedDocuments.revokedNotValid' : 'trustedDocuments.expiredRenew')}
        </Text>
      </Stack>
    </Alert>
  );
}

/** A certificate no longer valid because a newer version replaced it or the business closed. */
function ReplacedHeading({ v }: { v: Genuine }) {
  const { t } = useTranslation();
  const f = useFormat();
  const closed = v.status === 'closed';
  return (
    <Alert
      color={closed ? 'dark' : 'gray'}
      variant="light"
      role="status"
      title={
        <Title order={4} data-testid="verify-heading">
          {t(closed ? 'requests.verify.closedHeading' : 'requests.verify.supersededHeading')}
        </Title>
      }
    >
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={COLOR[v.status]} size="lg" variant="light" data-testid="verify-status">
            {t(`verify.status.${v.status}`)}
          </Badge>
        </Group>
        {closed && v.closedOn && (
          <Text size="sm">{t('requests.closedOn', { date: f.date(v.closedOn) })}</Text>
        )}
        <Text size="sm">
          {t(closed ? 'requests.verify.closedText' : 'requests.verify.supersededText')}
        </Text>
      </Stack>
    </Alert>
  );
}

/** A duplicate or an amended version says so, with its issue date (BS). */
function CopyRow({ v }: { v: Genuine }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (v.kind !== 'duplicate' && v.kind !== 'amendment') return null;
  return (
    <Table.Tr>
      <Table.Th>{t('requests.verify.copy')}</Table.Th>
      <Table.Td data-testid="verify-kind">
        <Badge color={v.kind === 'duplicate' ? 'grape' : 'teal'} variant="light" mr={6}>
          {t(`service.${v.kind}`)}
        </Badge>
        {t(`requests.verify.${v.kind}`, { date: f.date(todayAd(new Date(v.issuedAt))) })}
      </Table.Td>
    </Table.Tr>
  );
}

export default function VerifyPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { code = '' } = useParams();
  const q = useQuery({
    queryKey: ['/verify', code],
    queryFn: ({ signal }) =>
      api.get<Envelope<Verification>>(`/verify/${encodeURIComponent(code)}`, undefined, signal),
    enabled: code.length > 0,
    retry: false,
  });
  const v = q.data?.data;

  return (
    <AuthCard title={t('verify.title')}>
      {code && q.isPending && <Loader size="sm" aria-label={t('verify.checking')} />}
      {v && !v.genuine && (
        <Alert color="red" title={t('verify.notGenuineTitle')} role="alert">
          {t('verify.notGenuine')}
        </Alert>
      )}
      {v?.genuine && (
        <>
          <StatusHeading v={v} />
          <Table variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="42%">{t('verify.business')}</Table.Th>
                <Table.Td translate="no">{v.businessName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.registrationNo')}</Table.Th>
                <Table.Td>{f.digits(v.registrationNo)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.ward')}</Table.Th>
                <Table.Td>
                  {f.num(v.ward.number)} — {f.name(v.ward)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.fiscalYear')}</Table.Th>
                <Table.Td>{f.lang === 'ne' ? v.fiscalYear.ne : v.fiscalYear.en}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.validUntil')}</Table.Th>
                <Table.Td title={f.digits(v.validUntil)}>{f.date(v.validUntil)}</Table.Td>
              </Table.Tr>
              <CopyRow v={v} />
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('verify.note')}
          </Text>
        </>
      )}
      <CodeForm initial={code} />
    </AuthCard>
  );
}
