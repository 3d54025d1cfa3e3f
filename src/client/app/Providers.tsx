/**
 * Every app-wide provider: Mantine (theme, toasts at the bottom for 5 s per SPEC §9, modals),
 * react-query and i18next. Tests render pages inside this too.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

/** Modal buttons follow the language. */
function Modals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      {children}
    </ModalsProvider>
  );
}

export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="bottom-center" autoClose={5000} />
          <Modals>{children}</Modals>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
