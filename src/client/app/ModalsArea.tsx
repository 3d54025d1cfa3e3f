/** Mantine's modals manager (confirmations), with button labels in the current language. */
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ModalsArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider
      labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
      // Drawn where the provider is (above the whole signed-in area, a fixed overlay) rather than
      // in a portal: the provider keeps its Modal mounted, closed, on every signed-in screen, and
      // a Portal sets state as it mounts, which React renders synchronously in the screen's first
      // commit with all of that commit's effects (components/LazyMenu.tsx says why that matters).
      modalProps={{ withinPortal: false }}
    >
      {children}
    </ModalsProvider>
  );
}
