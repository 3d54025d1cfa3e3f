/**
 * The frame of a request's page (issue 19 §1–3): the page header, the registration the
 * request is about (name, number, owner, ward, valid until; a link to it), and the form —
 * or, when the server says this user may not file the request now (`canRequest`), why not,
 * with a link to the request of that kind in progress.
 */
import { Alert, Anchor, Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegistrationRequest } from '../../../shared/lifecycle.js';
import { BsDate } from '../../components/BsDate';
import { data, InfoGrid } from '../../components/InfoGrid';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { useApplicationDetail, type ApplicationDetail } from '../registrations';
import { Arrow } from '../../components/Arrow';

/** The permission of each request (shared/permissions.ts; the server checks it too). */
const PERMISSION: Record<RegistrationRequest, string> = {
  amendment: 'amend-applications',
  closure: 'close-applications',
  duplicate: 'duplicate-certificates',
};

const detailUrl = (id: number) => `/business/applications/${id}/detail`;

/** The registration's summary card. */
export function SubjectCard({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="subject-t">
      <Title order={3} size="h4" mb="sm" id="subject-t" translate="no">
        {d.businessName}
      </Title>
      <InfoGrid
        cols={{ base: 2, md: 3 }}
        items={[
          [t('applications.registrationNo'), data(f.digits(d.registrationNo))],
          [t('applications.ownerName'), data(d.ownerName)],
          [t('applications.ward'), `${f.num(d.ward.number)} — ${f.name(d.ward)}`],
          [t('renewal.expiryDate'), <BsDate key="exp" value={d.expiryDate} />],
        ]}
      />
      <Anchor component={Link} to={detailUrl(d.id)} size="sm" mt="sm" display="inline-block">
        {t('requests.viewRegistration')} <Arrow />
      </Anchor>
    </Card>
  );
}

function Frame({
  id,
  service,
  children,
}: {
  id: number;
  service: RegistrationRequest;
  children: (d: ApplicationDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(id, f.lang);
  if (q.isPending) return <PageLoader />;
  const d = q.data?.data;
  if (q.isError || !d) {
    return <NotFoundAlert to="/business/applications">{t('detail.backToList')}</NotFoundAlert>;
  }
  if (!d.canRequest?.includes(service)) {
    const open = d.openRequests?.[service];
    return (
      <Alert color="orange" title={t('requests.cannotRequest')} maw={720} role="alert">
        <Stack gap={4}>
          <Anchor component={Link} to={detailUrl(d.id)} translate="no">
            {d.businessName}
          </Anchor>
          {open != null && (
            <Anchor component={Link} to={detailUrl(open)}>
              {t('requests.viewRequest')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={900}>
      <SubjectCard d={d} />
      {children(d)}
    </Stack>
  );
}

/** A request page: header, permission, the registration, and `children(detail)`. */
export function RequestFrame(props: {
  id: number;
  service: RegistrationRequest;
  title: string;
  intro: string;
  children: (d: ApplicationDetail) => ReactNode;
}) {
  return (
    <RequirePermission perms={[PERMISSION[props.service]]}>
      <PageHeader title={props.title} />
      <Alert color="blue" variant="light" mb="md" maw={900}>
        {props.intro}
      </Alert>
      <Frame id={props.id} service={props.service}>
        {props.children}
      </Frame>
    </RequirePermission>
  );
}
