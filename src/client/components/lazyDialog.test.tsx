/** A dialog whose code comes when it is first opened (lazyDialog.tsx, issue 18 §5). */
import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import enUS from '../../shared/i18n/en-US.js';
import { resetEachTest } from '../test/lifecycle';
import { renderWithApp } from '../test/render';
import { lazyDialog } from './lazyDialog';

const reload = vi.fn();
vi.mock('../lib/reloadPage', () => ({ reloadPage: () => reload() }));

resetEachTest();

function Greeting({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Greeting">
      Hello {name}
    </Modal>
  );
}

/** A module download the test settles: `resolve()` delivers Greeting, `reject()` fails it. */
function download() {
  const calls: Array<{ resolve: () => void; reject: () => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) =>
        calls.push({
          resolve: () => resolve(Greeting),
          reject: () => reject(new Error('offline')),
        }),
      ),
  );
  return { load, calls };
}

describe('lazyDialog', () => {
  it('shows a spinner in the opened dialog until its code is in, and downloads it once', async () => {
    const { load, calls } = download();
    const Dialog = lazyDialog(load);
    const onClose = vi.fn();
    const { unmount } = renderWithApp(<Dialog name="Sita" onClose={onClose} />);
    expect(await screen.findByLabelText(enUS.common.loading)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0].resolve();
    expect(await screen.findByText('Hello Sita')).toBeInTheDocument();
    unmount();
    // opened again: drawn at once from the module already loaded
    renderWithApp(<Dialog name="Ram" onClose={onClose} />);
    expect(screen.getByText('Hello Ram')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the download failed and offers to reload the page; a later opening asks again', async () => {
    const { load, calls } = download();
    const Dialog = lazyDialog(load);
    const { unmount } = renderWithApp(<Dialog name="Sita" onClose={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject();
    expect(await screen.findByRole('alert')).toHaveTextContent(enUS.common.dialogLoadFailed);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: enUS.common.reloadPage }));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
    // a browser that does fetch a failed module again (not Chromium) gets it on a later opening
    renderWithApp(<Dialog name="Sita" onClose={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1].resolve();
    expect(await screen.findByText('Hello Sita')).toBeInTheDocument();
  });

  it('closes from the spinner, and preload() starts the download before any opening', async () => {
    const { load, calls } = download();
    const Dialog = lazyDialog(load);
    Dialog.preload();
    Dialog.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const onClose = vi.fn();
    renderWithApp(<Dialog name="Sita" onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    calls[0].resolve();
    expect(await screen.findByText('Hello Sita')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
