/**
 * After submitting (SPEC §4, §8): 'Application Successfully Submitted!' and a note that the
 * applicant will be informed after verification.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormat } from '../../lib/useFormat';

export default function SubmittedPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const state = useLocation().state as { id?: number; submissionNo?: string } | null;
  return (
    <Stack maw={640} gap="md">
      <Alert color="green" variant="light" radius="md">
        <Title order={2} c="green.8">
          {t('submitted.title')}
        </Title>
        <Text mt="xs">{t('submitted.note')}</Text>
        {state?.submissionNo && (
          <Text mt="xs" fw={500}>
            {t('applications.submissionNo')}: {f.digits(state.submissionNo)}
          </Text>
        )}
      </Alert>
      <Group>
        {state?.id && (
          <Button component={Link} to={`/business/applications/${state.id}/detail`}>
            {t('submitted.viewApplication')}
          </Button>
        )}
        <Button component={Link} to="/business/applications" variant="light">
          {t('submitted.toList')}
        </Button>
      </Group>
    </Stack>
  );
}
