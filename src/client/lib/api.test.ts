/**
 * The API client: SPEC §7 headers and query encoding, SPEC §8 toast per status, errors passed
 * on to the caller, and a 401 ending the session.
 */
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { api, ApiError, buildQuery, setUnauthorizedHandler, toFormData } from './api';
import { setLang } from './i18n';
import { TOKEN_KEY, USER_KEY } from './session';

let show: ReturnType<typeof vi.spyOn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await setLang('en-US');
  show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Calls the API expecting a failure; returns the thrown error and the toast shown. */
async function failWith(response: Response | Error) {
  if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
  else fetchMock.mockResolvedValueOnce(response);
  const error = await api.get('/things').then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(show).toHaveBeenCalledTimes(1);
  return { error: error as ApiError, toast: show.mock.calls[0][0] };
}

describe('toasts (SPEC §8)', () => {
  it.each([
    [404, 'Resource not found.'],
    [500, 'Internal Server Error.'],
    [403, 'Unauthorized Access.'],
  ])('%i shows the fixed text, red, 5 s', async (status, text) => {
    const { error, toast } = await failWith(jsonResponse(status, { message: 'server text' }));
    expect(toast).toMatchObject({ message: text, color: 'red', autoClose: 5000 });
    expect(toast.position).toBeUndefined();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
  });

  it.each([555, 400, 4001])('%i shows the body message', async (status) => {
    // 4001 is not a valid HTTP status for Response; a stand-in object carries it.
    const res =
      status < 600
        ? jsonResponse(status, { message: 'Body says no' })
        : ({
            ok: false,
            status,
            text: async () => JSON.stringify({ message: 'Body says no' }),
          } as unknown as Response);
    const { toast } = await failWith(res);
    expect(toast).toMatchObject({ message: 'Body says no', color: 'red', autoClose: 5000 });
    expect(toast.position).toBeUndefined();
  });

  it('any other status shows the body message at top-center and passes field errors on', async () => {
    const { error, toast } = await failWith(
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { businessName: ['This filed is required'] },
      }),
    );
    expect(toast).toMatchObject({
      message: 'The given data was invalid.',
      color: 'red',
      position: 'top-center',
    });
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ businessName: ['This filed is required'] });
  });

  it('a network failure shows a toast without message text at top-center', async () => {
    const { error, toast } = await failWith(new TypeError('Failed to fetch'));
    expect(toast.message).toBe('');
    expect(toast.position).toBe('top-center');
    expect(toast.color).toBe('red');
    expect(error.status).toBe(0);
  });

  it('toasts in Nepali when the language is ne', async () => {
    await setLang('ne');
    const { toast } = await failWith(jsonResponse(404, {}));
    expect(toast.message).toBe('स्रोत फेला परेन।');
  });
});

describe('401', () => {
  it('clears token and user and hands over to the login redirect', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(USER_KEY, '{"id":1}');
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    const { toast, error } = await failWith(
      jsonResponse(401, { message: 'Please sign in again.' }),
    );
    expect(toast.message).toBe('Please sign in again.');
    expect(error.status).toBe(401);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});

describe('requests (SPEC §7)', () => {
  it('sends the SPEC headers and the bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok123');
    await setLang('ne');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [] }));
    await api.get('/wards/all');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/wards/all');
    const h = new Headers(init.headers);
    expect(h.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(h.get('Accept')).toBe('application/json');
    expect(h.get('Accept-Language')).toBe('ne');
    expect(h.get('Authorization')).toBe('Bearer tok123');
    expect(show).not.toHaveBeenCalled();
  });

  it('posts multipart FormData and leaves the boundary to the browser', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { ok: true } }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const res = await api.post<{ data: { ok: boolean } }>('/things', {
      name: 'A',
      n: 2,
      empty: null,
      photo: file,
      delete_rows: [1, 2],
    });
    expect(res.data.ok).toBe(true);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    const fd = init.body as FormData;
    expect(fd.get('name')).toBe('A');
    expect(fd.get('n')).toBe('2');
    expect(fd.has('empty')).toBe(false);
    expect((fd.get('photo') as File).name).toBe('a.png');
    expect(fd.getAll('delete_rows[]')).toEqual(['1', '2']);
  });

  it('repeats array query keys and sends filters as JSON', () => {
    expect(
      buildQuery({ page: 2, ids: [3, 4], filters: { status: 'pending' }, q: '', x: undefined }),
    ).toBe('?page=2&ids=3&ids=4&filters=%7B%22status%22%3A%22pending%22%7D');
  });

  it('sends a typed Nepali search as typed (issue 18 §1: the server matches its spellings)', () => {
    // decomposed nukta, Devanagari digits, a wildcard and a space: nothing changed on the way
    const q = 'फ\u093Cेन्सी ४५६/०७५ 100%';
    const query = buildQuery({ filters: { q } });
    const sent = new URLSearchParams(query.slice(1)).get('filters');
    expect(JSON.parse(sent!)).toEqual({ q });
  });

  it('keeps FormData bodies as they are', () => {
    const fd = new FormData();
    expect(toFormData(fd)).toBe(fd);
  });

  it('returns binaries as Blobs', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await api.blob('/applications/1/certificate.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });
});
