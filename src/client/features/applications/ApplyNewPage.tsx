/**
 * New application (SPEC §2 registration group `apply-new`): choose single- or multiple-owner
 * registration. Multiple-owner registration arrives in a later issue, so its card is shown
 * disabled with a note.
 */
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';

export default function ApplyNewPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission perms={['create-applications']}>
      <PageHeader title={t('applyNew.title')} />
      <Text mb="md" c="dimmed">
        {t('applyNew.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        <Card withBorder radius="md" padding="lg">
          <Stack justify="space-between" h="100%">
            <div>
              <Title order={3}>{t('applyNew.single')}</Title>
              <Text size="sm" c="dimmed" mt="xs">
                {t('applyNew.singleText')}
              </Text>
            </div>
            <Button component={Link} to="/single_registration">
              {t('applyNew.start')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" aria-disabled="true" bg="gray.0">
          <Stack justify="space-between" h="100%">
            <div>
              <Title order={3} c="dimmed">
                {t('applyNew.multiple')}
              </Title>
              <Text size="sm" c="dimmed" mt="xs">
                {t('applyNew.multipleText')}
              </Text>
              <Badge color="gray" variant="light" mt="sm">
                {t('applyNew.comingSoon')}
              </Badge>
            </div>
            <Button disabled>{t('applyNew.start')}</Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </RequirePermission>
  );
}
