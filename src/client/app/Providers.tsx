/**
 * Every app-wide provider: Mantine (theme, toasts at the bottom for 5 s per SPEC §9),
 * react-query and i18next. Tests render pages inside this too. The modals manager lives in the
 * lazily loaded signed-in area (ModalsArea) so the login screen does not download it.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

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
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
