/**
 * ExportButton: asks for the chosen format with the page's filters and the user's language,
 * shows the rows received against X-Total-Count while the body streams, saves the file under
 * the server's name, can be cancelled, and reports a failure in the user's language.
 */
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../lib/i18n';
import { resetEachTest } from '../test/lifecycle';
import { mockApi } from '../test/mockApi';
import { jsonResponse, renderWithApp } from '../test/render';
import en from '../../shared/i18n/en-US';
import ne from '../../shared/i18n/ne';
import { ExportButton, filenameOf } from './ExportButton';

resetEachTest();

/** The global asyncUtilTimeout (src/client/test/setup.ts): wait until shown, not a fixed time. */
const WAIT = {};

/** A response body the test feeds chunk by chunk; errors when the request is aborted. */
function controlledBody(signal?: AbortSignal | null) {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
  });
  signal?.addEventListener('abort', () =>
    ctrl.error(new DOMException('The operation was aborted.', 'AbortError')),
  );
  const enc = new TextEncoder();
  return {
    stream,
    push: (text: string) => ctrl.enqueue(enc.encode(text)),
    close: () => ctrl.close(),
  };
}

let saved: Blob[] = [];
let downloads: string[] = [];
beforeEach(() => {
  saved = [];
  downloads = [];
  // jsdom has no object URLs: record the saved Blob instead
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      saved.push(b);
      return 'blob:export';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});

/** Opens the Export menu (labelled `button`) and picks `item`. */
async function choose(item: string, button = en.export.button) {
  const target = screen.getByRole('button', { name: button });
  await userEvent.click(target);
  await waitFor(() => expect(target).toHaveAttribute('aria-expanded', 'true'), WAIT);
  // `hidden`: the item counts once it is in the open dropdown, even while the dropdown's
  // enter transition still hides it (on a busy machine that can outlast any fixed wait)
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }, WAIT));
}

describe('ExportButton', () => {
  it('streams the CSV with progress, then saves it under the server’s file name', async () => {
    let body!: ReturnType<typeof controlledBody>;
    const api = mockApi({
      'GET /api/applications/export': () => {
        body = controlledBody();
        return new Response(body.stream, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="applications-2025-07-17.csv"',
            'X-Total-Count': '4',
          },
        });
      },
    });
    renderWithApp(
      <ExportButton path="/applications/export" query={{ filters: { status: 'pending' } }} />,
    );
    await choose(en.export.csv);
    await waitFor(() => expect(api.calls('GET', '/api/applications/export')).toHaveLength(1), WAIT);
    const req = api.calls('GET', '/api/applications/export')[0];
    expect(req.query.get('format')).toBe('csv');
    expect(req.query.get('lang')).toBe('en-US');
    expect(JSON.parse(req.query.get('filters')!)).toEqual({ status: 'pending' });

    body.push('\uFEFFSubmission no.,Business\nA-1,One\nA-2,Two\n');
    expect(await screen.findByText(/2 of 4 rows/, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(/50%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    body.push('A-3,=cmd\nA-4,Four\n');
    expect(await screen.findByText(/4 of 4 rows/, {}, WAIT)).toBeInTheDocument();
    body.close();

    await waitFor(() => expect(downloads).toEqual(['applications-2025-07-17.csv']), WAIT);
    expect(await blobText(saved[0])).toContain('A-4,Four');
    expect(saved[0].type).toContain('text/csv');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: expect.stringContaining('.csv') }),
    );
    // back to the menu button
    expect(await screen.findByRole('button', { name: en.export.button }, WAIT)).toBeInTheDocument();
  });

  it('XLSX shows the bytes received; cancel stops the download and saves nothing', async () => {
    let body!: ReturnType<typeof controlledBody>;
    mockApi({
      'GET /api/states/export': () =>
        new Response((body = controlledBody(lastSignal())).stream, {
          status: 200,
          headers: { 'X-Total-Count': '5000' },
        }),
    });
    renderWithApp(<ExportButton path="/states/export" query={{ filters: {} }} />);
    await choose(en.export.xlsx);
    await waitFor(() => expect(body).toBeDefined(), WAIT);
    body.push('x'.repeat(2048));
    expect(await screen.findByText(/2 KB received/, {}, WAIT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.export.cancel }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: en.export.cancelled }),
      ),
    );
    expect(downloads).toEqual([]);
  });

  it('a refused export shows the failure in the user’s language', async () => {
    await setLang('ne');
    mockApi({
      'GET /api/users/export': () => jsonResponse(403, { message: 'अनुमति छैन' }),
    });
    renderWithApp(<ExportButton path="/users/export" />);
    await choose(ne.export.csv, ne.export.button);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', title: ne.export.failed }),
      ),
    );
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: ne.export.button })).toBeInTheDocument();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameOf('attachment; filename="a b.csv"', 'x.csv')).toBe('a b.csv');
    expect(filenameOf("attachment; filename*=UTF-8''%E0%A4%95.csv", 'x.csv')).toBe('क.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});

/** The abort signal of the latest fetch call (the mock is vi.fn, so its calls are recorded). */
function lastSignal(): AbortSignal | null {
  const calls = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls;
  return calls[calls.length - 1]?.[1]?.signal ?? null;
}

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(b: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(b);
  });
}
