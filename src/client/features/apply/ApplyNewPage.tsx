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

/** One kind of registration: what it is for, and the button that starts it. */
function ChoiceCard({
  title,
  text,
  to,
  action,
}: {
  title: string;
  text: string;
  to: string;
  action: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack justify="space-between" h="100%">
        <div>
          <Title order={3}>{title}</Title>
          <Text size="sm" c="dimmed" mt="xs">
            {text}
          </Text>
        </div>
        <Button component={Link} to={to}>
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

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
          <ChoiceCard
            title={t('applyNew.single')}
            text={t('applyNew.singleText')}
            to="/single_registration"
            action={t('applyNew.start')}
          />
          <ChoiceCard
            title={t('applyNew.multiple')}
            text={t('applyNew.multipleText')}
            to="/multiple_registration"
            action={t('applyNew.startMultiple')}
          />
        </SimpleGrid>
      </PhotosFirst>
    </RequirePermission>
  );
}
