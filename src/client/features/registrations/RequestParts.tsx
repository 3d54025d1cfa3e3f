/**
 * The detail page's parts about the requests of a registration (issue 19 §1–3): the buttons
 * that file one (`canRequest`: amend, close the business, duplicate certificate), the links to
 * those in progress (`openRequests`), a request's banner naming the registration it is about
 * with what it asks (an amendment's before/after table, a closure's reason, a duplicate's
 * reason), the closed notice of a closed registration, and the log of duplicate certificates.
 */
import { Alert, Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegistrationRequest } from '../../../shared/lifecycle.js';
import { BsDate } from '../../components/BsDate';
import { useFormat } from '../../lib/useFormat';
import { downloadClosureLetter } from './api';
import { ChangesTable } from './ChangesTable';
import { REQUEST_BUTTON as BUTTON, REQUEST_PATH } from './requestPaths';
import type { ApplicationDetail } from './types';
import { Arrow } from '../../components/Arrow';

const REQUESTS: RegistrationRequest[] = ['amendment', 'closure', 'duplicate'];

const detailUrl = (id: number) => `/business/applications/${id}/detail`;

/** A request's service, or null for a registration or renewal. */
export function requestService(d: ApplicationDetail): RegistrationRequest | null {
  return d.service && (REQUESTS as string[]).includes(d.service)
    ? (d.service as RegistrationRequest)
    : null;
}

/** Buttons that open the form of each request the user may file now. */
export function RequestButtons({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {REQUESTS.filter((r) => d.canRequest?.includes(r)).map((r) => (
        <Button
          key={r}
          variant="light"
          color={BUTTON[r].color}
          component={Link}
          to={`/business/applications/${d.id}/${REQUEST_PATH[r]}`}
        >
          {t(BUTTON[r].label)}
        </Button>
      ))}
    </>
  );
}

/** Links to the registration's requests in progress. */
export function OpenRequestLinks({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const open = REQUESTS.filter((r) => d.openRequests?.[r] != null);
  return (
    <>
      {open.map((r) => (
        <Anchor
          key={r}
          component={Link}
          to={detailUrl(d.openRequests![r]!)}
          size="sm"
          mt={4}
          display="block"
        >
          {t(`requests.inProgress.${r}`)} <Arrow />
        </Anchor>
      ))}
    </>
  );
}

/** What a request asks for: an amendment's comparison, a closure's or duplicate's reason. */
function RequestContent({ d, service }: { d: ApplicationDetail; service: RegistrationRequest }) {
  const { t } = useTranslation();
  const s = d.serviceData;
  if (s?.service === 'amendment') {
    return <ChangesTable changes={s.changes ?? {}} caption={t('requests.changes.title')} />;
  }
  if (s?.service === 'closure') {
    return (
      <Text size="sm">
        {t('requests.duplicates.reason')}:{' '}
        <Text span fw={500} translate="no" style={{ whiteSpace: 'pre-line' }}>
          {s.reason}
        </Text>
      </Text>
    );
  }
  if (s?.service === 'duplicate') {
    return (
      <Text size="sm">
        {t('requests.duplicatePage.reason')}: <b>{t(`requests.reasons.${s.reason}`)}</b>
        {s.details && (
          <Text span translate="no">
            {' '}
            — {s.details}
          </Text>
        )}
      </Text>
    );
  }
  return service === 'amendment' ? <ChangesTable changes={{}} /> : null;
}

/** A request's banner: what it is, the registration it is about (a link), what it asks. */
export function RequestBanner({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const service = requestService(d);
  if (!service) return null;
  const subject = d.subject;
  const no = f.digits(subject?.registrationNo ?? d.registrationNo ?? '');
  return (
    <Card withBorder radius="md" padding="md" mb="md" component="section" aria-labelledby="req-t">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="req-t" data-testid="request-banner">
            {t(`requests.banner.${service}`, { no })}
          </Title>
          {subject && (
            <Anchor component={Link} to={detailUrl(subject.id)} size="sm" translate="no">
              {subject.businessName} <Arrow />
            </Anchor>
          )}
        </div>
        {service === 'amendment' && (
          <Text size="sm" fw={600}>
            {t('requests.changes.title')}
          </Text>
        )}
        <RequestContent d={d} service={service} />
      </Stack>
    </Card>
  );
}

/** The closure letter's download button (the registration's or its approved closure's). */
function ClosureLetterButton({ id, registrationNo }: { id: number; registrationNo: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      mt="xs"
      size="xs"
      variant="default"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadClosureLetter(id, registrationNo)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('requests.closureLetter')}
    </Button>
  );
}

/** A closed registration: the status, the date it closed (BS) and its closure letter. */
export function ClosedNotice({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const closure = d.service === 'closure' && d.appStatus === 'approved' ? d.subject : null;
  if (closure?.registrationNo)
    return <ClosureLetterButton id={d.id} registrationNo={closure.registrationNo} />;
  if (d.appStatus !== 'closed') return null;
  return (
    <Alert color="gray" variant="light" mb="md" title={t('status.closed')} role="status">
      {d.closedOn && (
        <Text size="sm" fw={500}>
          {t('requests.closedOn', { date: f.date(d.closedOn) })}
        </Text>
      )}
      <Text size="sm">{t('requests.closedNote')}</Text>
      {d.registrationNo && <ClosureLetterButton id={d.id} registrationNo={d.registrationNo} />}
    </Alert>
  );
}

/** The log of the duplicate certificates issued for a registration. */
export function DuplicatesLog({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const log = d.duplicates ?? [];
  if (!log.length) return null;
  return (
    <Card withBorder radius="md" padding="md" mt="md" component="section" aria-labelledby="dup-t">
      <Title order={3} size="h4" mb="sm" id="dup-t">
        {t('requests.duplicates.title')} ({f.num(log.length)})
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped data-testid="duplicates-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('requests.duplicates.issuedAt')}</Table.Th>
              <Table.Th>{t('requests.duplicates.request')}</Table.Th>
              <Table.Th>{t('requests.duplicates.reason')}</Table.Th>
              <Table.Th>{t('requests.duplicates.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.map((e) => (
              <Table.Tr key={e.certificateId}>
                <Table.Td>
                  <BsDate value={e.issuedAt} />
                </Table.Td>
                <Table.Td>
                  {e.requestId ? (
                    <Anchor component={Link} to={detailUrl(e.requestId)} size="sm">
                      {f.digits(e.submissionNo ?? '')}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{e.reason ? t(`requests.reasons.${e.reason}`) : '—'}</Table.Td>
                <Table.Td translate="no">{e.details ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
