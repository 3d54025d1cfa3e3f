/**
 * Application detail (SPEC §2): tabs information / history / images, the lifecycle actions
 * the server allows this user (`allowedActions`, laid out by DetailActions: the forward action
 * first, destructive ones in "More actions"), and the certificate once issued. A rejected
 * application shows its reason and "Fix and resubmit" at the top (RejectedBanner).
 *
 * Issue 4: the fee estimate while no bill is assessed; the staff checklist per document in
 * the images tab (POST /api/applications/{id}/documents/{documentId}/checks); renewal links —
 * "Renew" when the registration is due (`canRenew`), the renewal in progress, and for a
 * renewal the registration it renews, whose certificate it prints.
 *
 * Issue 19: the requests about an approved registration (RequestParts.tsx) — amend, close,
 * duplicate (`canRequest`), the links to those in progress, a request's banner with its
 * before/after table, a closed registration's notice (no actions), the duplicates' log.
 */
import { Alert, Anchor, Badge, Button, Group, Tabs, Text, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AppAction } from '../../../shared/lifecycle.js';
import { Later } from '../../components/Later';
import { lazyDialog } from '../../components/lazyDialog';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { StatusBadge } from '../../components/StatusBadge';
import { useCan } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import { PaymentDialog, PayOnline } from '../billing';
import type { RemarksAction } from './actionStyle';
import { downloadAcknowledgement, useApplicationDetail } from './api';
import { DetailActions } from './DetailActions';
import { HistoryTab } from './HistoryTab';
import { ImagesTab } from './ImagesTab';
import { InformationTab } from './InformationTab';
import { RejectedBanner } from './RejectedBanner';
import { ClosedNotice, DuplicatesLog, OpenRequestLinks, RequestBanner } from './RequestParts';
import { Arrow } from '../../components/Arrow';

/** Loaded when first opened, or when a pointer or the focus reaches the actions. */
const ActionDialog = lazyDialog(() => import('./ActionDialog').then((m) => m.ActionDialog));
const preloadDialogs = () => {
  ActionDialog.preload();
  PaymentDialog.preload();
};

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(id, f.lang);
  const [action, setAction] = useState<RemarksAction | null>(null);
  const [paying, setPaying] = useState(false);
  const [printing, setPrinting] = useState(false);
  const counterStaff = useCan('file-at-counter');

  // The answer is drawn in a deferred (time-sliced) render rather than in the blocking one that
  // react-query's store update triggers: the detail is a large tree (issue 18 §5).
  const data = useDeferredValue(q.data);
  if (q.isError) {
    return <NotFoundAlert to="/business/applications">{t('detail.backToList')}</NotFoundAlert>;
  }
  if (!data) return <PageLoader />;
  const d = data.data;
  const start = (a: AppAction) => (a === 'pay' ? setPaying(true) : setAction(a));
  const cert = d.certificate;

  return (
    <>
      <Anchor component={Link} to="/business/applications" size="sm">
        <Arrow to="back" /> {t('detail.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="xs" mb="md" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }} translate="no">
            {d.businessName}
          </Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={d.appStatus} />
            <Text size="sm" c="dimmed">
              {t('applications.submissionNo')}: {f.digits(d.submissionNo)}
            </Text>
            {d.registrationNo && (
              <Badge variant="outline" color="green">
                {t('applications.registrationNo')}: {f.digits(d.registrationNo)}
              </Badge>
            )}
          </Group>
          {d.renewalOf && (
            <Anchor
              component={Link}
              to={`/business/applications/${d.renewalOf.id}/detail`}
              size="sm"
              mt={4}
              display="inline-block"
            >
              {t('detail.renewalOf', {
                no: f.digits(d.renewalOf.registrationNo ?? d.renewalOf.businessName),
              })}
            </Anchor>
          )}
          {d.openRenewalId != null && (
            <Anchor
              component={Link}
              to={`/business/applications/${d.openRenewalId}/detail`}
              size="sm"
              mt={4}
              display="block"
            >
              {t('detail.renewalInProgress')}
            </Anchor>
          )}
          <OpenRequestLinks d={d} />
        </div>
        {d.appStatus !== 'closed' && (
          <DetailActions
            d={d}
            start={start}
            hideEdit={d.appStatus === 'rejected'}
            onIntent={preloadDialogs}
          />
        )}
      </Group>
      <ClosedNotice d={d} />
      <RequestBanner d={d} />
      {counterStaff && (
        // issue 19 §4: the slip given to a walk-in applicant after filing or payment
        <Button
          variant="default"
          mb="md"
          loading={printing}
          onClick={() => {
            setPrinting(true);
            void downloadAcknowledgement(d.id, d.submissionNo).finally(() => setPrinting(false));
          }}
        >
          {t('counter.printSlip')}
        </Button>
      )}
      <RejectedBanner d={d} />
      <PayOnline detail={d} />
      {cert?.revoked && (
        <Alert color="red" mb="md">
          {t('certificate.revoked')}
        </Alert>
      )}

      {/* The tabs below the first view come in a commit of their own: the business name and
          the actions above are painted without waiting for them (components/Later.tsx). */}
      <Later fallback={<PageLoader />}>
        <Tabs defaultValue="information" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="information">{t('detail.tabs.information')}</Tabs.Tab>
            <Tabs.Tab value="history">
              {t('detail.tabs.history')} ({f.num(d.history.length)})
            </Tabs.Tab>
            <Tabs.Tab value="images">
              {t('detail.tabs.images')} ({f.num(d.documents.length)})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="information">
            <InformationTab d={d} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryTab d={d} />
          </Tabs.Panel>
          <Tabs.Panel value="images">
            <ImagesTab d={d} />
          </Tabs.Panel>
        </Tabs>
        <DuplicatesLog d={d} />
      </Later>
      {action && <ActionDialog id={d.id} action={action} onClose={() => setAction(null)} />}
      {paying && <PaymentDialog detail={d} opened onClose={() => setPaying(false)} />}
    </>
  );
}

export default function ApplicationDetailPage() {
  const { id } = useParams();
  return (
    <RequirePermission perms={['view-applications']}>
      <Detail id={Number(id)} />
    </RequirePermission>
  );
}
