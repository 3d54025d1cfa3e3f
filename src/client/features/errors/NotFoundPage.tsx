/** Any path no route matches (SPEC §2). */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { Link } from 'react-router';
import { getToken } from '../../lib/session';

export function NotFoundPage() {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} c="indigo.8">
          {f.num(404)}
        </Title>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={getToken() ? '/dashboard' : '/user/login'}>
          {getToken() ? t('notFound.toDashboard') : t('notFound.toLogin')}
        </Button>
      </Stack>
    </Center>
  );
}
