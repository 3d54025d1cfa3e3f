/**
 * Every app-wide provider: Mantine (theme, toasts at the bottom for 5 s per SPEC §9),
 * react-query and i18next. Tests render pages inside this too. The modals manager lives in the
 * lazily loaded signed-in area (ModalsArea) so the login screen does not download it.
 */
import { Drawer, MantineProvider, mergeThemeOverrides, Modal, PasswordInput } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

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
        <Mantine>
          <Notifications position="bottom-center" autoClose={5000} />
          {children}
        </Mantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Mantine with the theme, plus the names of its icon-only buttons in the UI language: the close
 * buttons of dialogs and drawers are a bare ✕, which a screen reader cannot name (axe
 * `button-name`, issue 7 §7), and the password fields' eye button is named in English.
 */
function Mantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('a11y.close');
  const togglePassword = t('a11y.togglePassword');
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          PasswordInput: PasswordInput.extend({
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': togglePassword } },
          }),
        },
      }),
    [close, togglePassword],
  );
  return (
    <MantineProvider
      theme={themed}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
