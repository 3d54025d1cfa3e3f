/**
 * A dialog whose code is downloaded when it is first opened, not with the page that offers it.
 *
 * The application detail offers payment and the lifecycle actions, with their remarks, dates
 * and uploads, but most visits only read it: those dialogs' code (forms, the shared zod
 * schemas, the BS date picker) was fetched and evaluated in the detail's first load, before it
 * could draw the business name (issue 18 §5; docs/performance.md). Until the code arrives, the
 * opened dialog shows a spinner; if the download fails (a weak connection), it says so and
 * offers to reload the page instead of breaking it: the browser keeps a failed module import
 * for the page's life (Chromium asks for it again only after a reload; e2e/form-checks.spec.ts
 * shows it), so trying the import again cannot succeed. Escape or the close button dismisses it
 * as usual.
 *
 * Not React.lazy: its Suspense fallback would need a boundary in every page that uses it.
 */
import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/reloadPage';

/** What an opened dialog shows while its code loads, or after the download failed. */
function DialogLoading({ onClose, failed = false }: { onClose: () => void; failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} centered>
      {failed ? (
        <Stack align="flex-start">
          <Text role="alert">{t('common.dialogLoadFailed')}</Text>
          <Button onClick={reloadPage}>{t('common.reloadPage')}</Button>
        </Stack>
      ) : (
        <Center mih={120}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}

/**
 * `load` (a dynamic import of the dialog's module, resolving to its component) as a component
 * with the same props. The module is downloaded once, on the first mount or `preload()`; a failed
 * download is said by every dialog opened afterwards (with its reload button).
 */
export function lazyDialog<P extends { onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));

  function LazyDialog(props: P) {
    const [component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (component || failed) return;
      let live = true;
      start().then(
        (c) => live && setComponent(() => c),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [component, failed]);
    if (component) {
      const Dialog = component;
      return <Dialog {...props} />;
    }
    return <DialogLoading onClose={props.onClose} failed={failed} />;
  }
  return Object.assign(LazyDialog, { preload: () => void start().catch(() => {}) });
}
