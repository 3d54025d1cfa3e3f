/** Centered spinner shown while a lazy page or the profile loads. */
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={200} p="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
