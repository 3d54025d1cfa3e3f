/**
 * The per-test setup most client test files share: the interface in English, toasts spied on
 * (and kept off the screen), and every stub and spy undone after each test. Call once at the
 * top of a test file.
 */
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLang } from '../lib/i18n';

export function resetEachTest() {
  beforeEach(async () => {
    await setLang('en-US');
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** As resetEachTest, with `fetch` replaced by a mock that is reset after each test. */
export function mockFetchEachTest() {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await setLang('en-US');
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fetchMock;
}
