/**
 * New application (SPEC §2 registration group `apply-new`): choose single- or multiple-owner
 * registration.
 */
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { PhotosFirst } from './PhotosFirst';

export default function ApplyNewPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission perms={['create-applications']}>
      <PageHeader title={t('applyNew.title')} />
      <PhotosFirst>
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
          <Card withBorder radius="md" padding="lg">
            <Stack justify="space-between" h="100%">
              <div>
                <Title order={3}>{t('applyNew.multiple')}</Title>
                <Text size="sm" c="dimmed" mt="xs">
                  {t('applyNew.multipleText')}
                </Text>
              </div>
              <Button component={Link} to="/multiple_registration">
                {t('applyNew.startMultiple')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      </PhotosFirst>
    </RequirePermission>
  );
}
