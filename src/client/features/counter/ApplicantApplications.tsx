/**
 * Step 4 of counter filing (issue 19 §4): the walk-in applicant's applications that the staff
 * member may see, so they can open one (its page prints the acknowledgement slip) or file an
 * amendment, closure or duplicate certificate about a registration on the applicant's behalf.
 * Rows are cards, not a table, so the list reads on a phone at the counter.
 */
import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { ServiceBadge } from '../../components/ServiceBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormat } from '../../lib/useFormat';
import { REQUEST_BUTTON, REQUEST_PATH } from '../registrations';
import { useApplicantApplications } from './api';

/** The applicant `applicantId`'s applications, newest first, with what may be filed next. */
export function ApplicantApplications({ applicantId }: { applicantId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicantApplications(applicantId);
  const rows = q.data?.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="counter-applications">
      <Title order={3} size="h4" mb={4}>
        {t('counter.applicationsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('counter.applicationsHelp')}
      </Text>
      {rows && rows.length === 0 && (
        <Text size="sm" role="status">
          {t('counter.noApplications')}
        </Text>
      )}
      <Stack gap="xs">
        {rows?.map((a) => (
          <Paper key={a.id} withBorder p="sm" radius="sm" data-testid="counter-application">
            <Group justify="space-between" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} translate="no">
                  {a.businessName}
                </Text>
                <Text size="sm" c="dimmed">
                  {f.digits(a.registrationNo ?? a.submissionNo)}
                  {a.expiryDate && (
                    <>
                      {' · '}
                      {t('counter.validUntil')}: <BsDate value={a.expiryDate} />
                    </>
                  )}
                </Text>
              </div>
              <Group gap={4}>
                <ServiceBadge service={a.service} />
                <StatusBadge status={a.status} />
              </Group>
            </Group>
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={`/business/applications/${a.id}/detail`}
              >
                {t('counter.open')}
              </Button>
              {a.canRequest.map((r) => (
                <Button
                  key={r}
                  size="xs"
                  variant="light"
                  color={REQUEST_BUTTON[r].color}
                  component={Link}
                  to={`/business/applications/${a.id}/${REQUEST_PATH[r]}`}
                >
                  {t(REQUEST_BUTTON[r].label)}
                </Button>
              ))}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
