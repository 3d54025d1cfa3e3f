/**
 * The top of a rejected application's detail page (issue 17 §1, §7): the reason staff gave
 * (the remarks of the latest reject in the history), what to fix, who rejected it and when,
 * and — for whoever may edit it — "Fix and resubmit", which opens the edit page. Until now
 * the reason was only in the History tab.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { data } from '../../components/InfoGrid';
import { useCurrentUser } from '../../lib/auth';
import { bsDateTime } from '../../lib/bsDateTime';
import { useFormat } from '../../lib/useFormat';
import type { ApplicationDetail } from './types';

export function RejectedBanner({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();
  if (d.appStatus !== 'rejected') return null;
  const last = [...d.history].reverse().find((h) => h.action === 'reject');
  const applicant = user.roles.includes('user') || user.userType === 'user';
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      title={
        <Title order={3} size="h4">
          {t('staff.detail.rejectedTitle')}
        </Title>
      }
      data-testid="rejected-banner"
    >
      <Stack gap="xs">
        <div>
          <Text fw={600} size="sm">
            {t('staff.detail.reason')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {last?.remarks ? data(last.remarks) : t('staff.detail.noReason')}
          </Text>
        </div>
        <div>
          <Text fw={600} size="sm">
            {t('staff.detail.whatToFix')}
          </Text>
          <Text size="sm">
            {t(applicant ? 'staff.detail.whatToFixApplicant' : 'staff.detail.whatToFixStaff')}
          </Text>
        </div>
        {last && (
          <Text size="xs" c="dimmed">
            {t('staff.detail.rejectedBy', {
              name: last.byName ?? '—',
              date: bsDateTime(last.createdAt, f),
            })}
          </Text>
        )}
        {d.canEdit && (
          <Button
            component={Link}
            to={`/edit-registration/${d.id}`}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('staff.detail.fixAndResubmit')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
