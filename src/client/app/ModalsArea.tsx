/** Mantine's modals manager (confirmations), with button labels in the current language. */
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ModalsArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      {children}
    </ModalsProvider>
  );
}
