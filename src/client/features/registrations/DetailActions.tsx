/**
 * The action bar of the application detail (issue 17 §7). The first, filled button is the one
 * that moves the work forward (verify, record the payment, approve, accept, resubmit; once
 * approved, download the certificate); reject stays visible but quiet; actions that end an
 * application or a registration for good — cancel, terminate, revoke the certificate — sit in
 * a secondary "More actions" menu, and each opens a dialog that says what happens before it asks
 * 'Are you sure?'.
 */
import { Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppAction } from '../../../shared/lifecycle.js';
import { Arrow } from '../../components/Arrow';
import { LazyMenu } from '../../components/LazyMenu';
import { useCan } from '../../lib/auth';
import { RevokeCertificateDialog } from '../certificates';
import { SendNotificationButton } from '../notifications';
import { ACTION_COLOR, DESTRUCTIVE, type RemarksAction } from './actionStyle';
import { downloadCertificate } from './api';
import { RequestButtons } from './RequestParts';
import type { ApplicationDetail } from './types';

/** Actions that move an application forward, in the order they happen. */
const FORWARD: AppAction[] = ['verify', 'pay', 'approve', 'accept', 'resubmit'];

const label = (a: AppAction) => (a === 'pay' ? 'actions.manualPayment' : `actions.${a}`);

/** Download (PDF) and view buttons of a certificate; `primary` makes the download filled. */
function CertificateButtons({
  id,
  registrationNo,
  primary,
}: {
  id: number;
  registrationNo: string;
  primary: boolean;
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <Button
        variant={primary ? 'filled' : 'light'}
        loading={downloading}
        onClick={() => {
          setDownloading(true);
          downloadCertificate(id, registrationNo)
            .catch(() => undefined)
            .finally(() => setDownloading(false));
        }}
      >
        {t('certificate.download')}
      </Button>
      <Button variant="subtle" component={Link} to={`/business/certificate/${id}`}>
        {t('certificate.view')}
      </Button>
    </>
  );
}

export function DetailActions({
  d,
  start,
  hideEdit,
  onIntent,
}: {
  d: ApplicationDetail;
  /** opens the dialog of a lifecycle action ('pay': the payment dialog) */
  start: (a: AppAction) => void;
  /** the rejected banner carries the edit link ("Fix and resubmit"), the page's primary action */
  hideEdit?: boolean;
  /** a pointer or the focus reached the actions: their dialogs' code can start downloading */
  onIntent?: () => void;
}) {
  const { t } = useTranslation();
  const canRevoke = useCan('approve-applications');
  const [revoking, setRevoking] = useState(false);
  const cert = d.certificate;
  // An approved renewal prints the certificate of the registration it renewed.
  const renewed = d.renewalOf && d.appStatus === 'approved' && !cert ? d.renewalOf : null;
  const forward = FORWARD.filter((a) => d.allowedActions.includes(a));
  const destructive = d.allowedActions.filter((a): a is RemarksAction =>
    DESTRUCTIVE.includes(a as RemarksAction),
  );
  const revocable = canRevoke && cert && !cert.revoked;
  const certPrimary = forward.length === 0;
  return (
    <Group gap="xs" onPointerEnter={onIntent} onFocus={onIntent}>
      {forward.map((a, i) => (
        <Button
          key={a}
          color={ACTION_COLOR[a]}
          variant={i === 0 && !(hideEdit && d.canEdit) ? 'filled' : 'light'}
          onClick={() => start(a)}
        >
          {t(label(a))}
        </Button>
      ))}
      {cert && (
        <CertificateButtons
          id={d.id}
          registrationNo={cert.registrationNo}
          primary={certPrimary && !cert.revoked}
        />
      )}
      {renewed?.registrationNo && (
        <CertificateButtons
          id={renewed.id}
          registrationNo={renewed.registrationNo}
          primary={certPrimary}
        />
      )}
      {d.canRenew && (
        <Button color="teal" variant="light" component={Link} to={`/re-new-registration/${d.id}`}>
          {t('detail.renew')}
        </Button>
      )}
      <RequestButtons d={d} />
      {d.canEdit && !hideEdit && (
        <Button variant="light" component={Link} to={`/edit-registration/${d.id}`}>
          {t('detail.edit')}
        </Button>
      )}
      {d.allowedActions.includes('reject') && (
        <Button variant="default" c="red.8" onClick={() => start('reject')}>
          {t('actions.reject')}
        </Button>
      )}
      <SendNotificationButton applicationId={d.id} />
      {(destructive.length > 0 || revocable) && (
        <LazyMenu
          position="bottom-end"
          withinPortal
          shadow="md"
          target={
            // a section of its own: the label is a flex box, where a space before it collapses
            <Button variant="default" rightSection={<Arrow to="down" />}>
              {t('staff.detail.moreActions')}
            </Button>
          }
        >
          <Menu.Dropdown>
            {destructive.map((a) => (
              <Menu.Item key={a} color="red" onClick={() => start(a)}>
                {t(label(a))}
              </Menu.Item>
            ))}
            {revocable && (
              <Menu.Item color="red" onClick={() => setRevoking(true)}>
                {t('verify.revoke')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </LazyMenu>
      )}
      {cert && revocable && (
        <RevokeCertificateDialog
          certificateId={cert.id}
          opened={revoking}
          onClose={() => setRevoking(false)}
        />
      )}
    </Group>
  );
}
