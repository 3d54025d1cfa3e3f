/**
 * Every app-wide provider: Mantine (theme, toasts at the bottom for 5 s per SPEC §9),
 * react-query and i18next. Tests render pages inside this too. The modals manager lives in the
 * lazily loaded signed-in area (ModalsArea) and the toasts' container is loaded with the first
 * toast (NotificationsArea), so the login screen does not download them (issue 8 §2).
 */
import {
  MantineProvider,
  mergeThemeOverrides,
  type DrawerProps,
  type ModalProps,
  type PasswordInputProps,
} from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

const NotificationsArea = lazy(() => import('./NotificationsArea'));

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
          <ToastsWhenNeeded />
          {children}
        </Mantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Mounts the toasts' container (and so fetches its code, which needs most of Mantine) once the
 * first toast is shown; it then stays. `notifications.show()` only writes to the store, so a
 * toast shown before the container has loaded appears as soon as it has.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsArea />
    </Suspense>
  ) : null;
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
  // Plain objects rather than `Modal.extend(…)`: importing Modal and Drawer here would put them
  // (with their scroll lock, focus trap and floating-ui) in the login screen's first load.
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: {
            defaultProps: {
              closeButtonProps: { 'aria-label': close },
            } satisfies Partial<ModalProps>,
          },
          Drawer: {
            defaultProps: {
              closeButtonProps: { 'aria-label': close },
            } satisfies Partial<DrawerProps>,
          },
          PasswordInput: {
            defaultProps: {
              visibilityToggleButtonProps: { 'aria-label': togglePassword },
            } satisfies Partial<PasswordInputProps>,
          },
        },
      }),
    [close, togglePassword],
  );
  return (
    <MantineProvider
      theme={themed}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // Under vitest, Mantine's test mode turns transitions and portals off: a dropdown or dialog
      // is there at once, so no test waits on an enter transition that a busy machine stretches
      env={import.meta.env.MODE === 'test' ? 'test' : 'default'}
    >
      {children}
    </MantineProvider>
  );
}
