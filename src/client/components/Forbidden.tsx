/** Shown in place of a page the user lacks the permission for (SPEC §6: 403 wording). */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Forbidden() {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('errors.unauthorized')} role="alert">
      {t('common.noPermission')}
    </Alert>
  );
}
