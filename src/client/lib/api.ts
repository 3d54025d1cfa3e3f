/**
 * The one API client (SPEC §7, §8; DESIGN.md §7). Every call goes to `/api` with the SPEC's
 * headers and the bearer token; bodies are multipart FormData (the browser sets the boundary);
 * array query parameters repeat the key. A failed response shows the SPEC §8 toast and is then
 * thrown to the caller as an ApiError. A 401 also ends the local session and sends the user to
 * /user/login. Every call says the current language (Accept-Language); every message the server
 * answers is shown in the language the screen shows (`serverMessage`, issue 17 §8).
 */
import { notifications } from '@mantine/notifications';
import i18n, { currentLang } from './i18n';
import { clearSession, getToken } from './session';

export const API_BASE = '/api';
/** SPEC §9: error toasts stay 5 s. */
export const ERROR_TOAST_MS = 5000;

/** Server validation errors: field → messages (422). */
export type FieldErrors = Record<string, string[]>;

/** A failed call: HTTP status (0 when the network failed), body message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  constructor(status: number, message: string, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | Scalar[] | Record<string, unknown>;
export type Query = Record<string, QueryValue>;
export type BodyValue = Scalar | Blob | null | undefined | Scalar[];
export type Body = FormData | Record<string, BodyValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: Body;
  signal?: AbortSignal;
  /** Skip the error toast (the caller reports the failure itself). */
  silent?: boolean;
  /**
   * Send `json` as an application/json body instead of multipart. For bodies multipart cannot
   * say, such as an empty list (the staff checklist with every box cleared).
   */
  json?: unknown;
  /** Extra request headers, e.g. `Idempotency-Key` of an online payment. */
  headers?: Record<string, string>;
}

/** Builds `?a=1&b=2&b=3`: arrays repeat the key, objects (filters) are sent as JSON. */
export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else if (typeof value === 'object') params.append(key, JSON.stringify(value));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Turns a plain object into multipart form data (SPEC §7); arrays use `key[]` per item. */
export function toFormData(body: Body): FormData {
  if (body instanceof FormData) return body;
  const fd = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => fd.append(`${key}[]`, String(v)));
    else if (value instanceof Blob) fd.append(key, value);
    else fd.append(key, String(value));
  }
  return fd;
}

let onUnauthorized: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/user/login') {
    window.location.assign('/user/login');
  }
};

/** Lets the router take over the 401 redirect (no full page reload). */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/** What an answer says: its text and, from this server, the catalogue key of that text. */
export interface ServerMessage {
  message?: string;
  messageKey?: string;
  messageVars?: Record<string, string | number>;
}

/** Whether `text` is written in the other language than `lang` (a Latin sentence for 'ne'). */
function inOtherLanguage(text: string, lang: string): boolean {
  const devanagari = /[\u0900-\u097F]/.test(text);
  const latin = /[A-Za-z]{2,}/.test(text);
  return lang === 'ne' ? latin && !devanagari : devanagari && !latin;
}

/**
 * The message of a server answer in the language the screen shows now: the catalogue text of
 * its `messageKey` (with `messageVars`); else its `message` if written in that language; else
 * `fallbackKey`'s text (a message from elsewhere, e.g. a proxy, never shows English on a Nepali
 * screen). '' when the answer has no message and no fallback is given.
 */
export function serverMessage(
  body: ServerMessage | null | undefined,
  fallbackKey?: string,
): string {
  const fallback = fallbackKey ? i18n.t(fallbackKey) : '';
  if (!body) return fallback;
  if (body.messageKey && i18n.exists(body.messageKey)) {
    return i18n.t(body.messageKey, { ...(body.messageVars ?? {}) });
  }
  const text = body.message ?? '';
  if (!text) return fallback;
  return inOtherLanguage(text, currentLang()) ? i18n.t(fallbackKey ?? 'errors.actionFailed') : text;
}

/** The SPEC §8 toast text for a failed response. */
export function errorToastText(status: number, bodyMessage: string | undefined): string {
  switch (status) {
    case 404:
      return i18n.t('errors.notFound');
    case 500:
      return i18n.t('errors.server');
    case 403:
      return i18n.t('errors.unauthorized');
    default:
      return bodyMessage ?? '';
  }
}

/** Statuses whose toast sits at the default (bottom) position; SPEC §8 puts the rest top-center. */
const KNOWN_STATUSES = new Set([404, 500, 403, 555, 401, 400, 4001]);

/** Shows the SPEC §8 toast: red, 5 s. */
export function showErrorToast(status: number, bodyMessage: string | undefined): void {
  const text = errorToastText(status, bodyMessage);
  notifications.show({
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    position: KNOWN_STATUSES.has(status) ? undefined : 'top-center',
    // A network failure has no text (SPEC §8); Mantine still wants a title or message to show.
    title: text ? undefined : i18n.t('errors.actionFailed'),
    message: text,
  });
}

function headers(): Headers {
  const h = new Headers({
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': currentLang(),
  });
  const token = getToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

async function readError(res: Response): Promise<{ message?: string; errors?: FieldErrors }> {
  try {
    const text = await res.text();
    if (!text) return {};
    const body = JSON.parse(text) as ServerMessage & { message?: unknown; errors?: unknown };
    return {
      message:
        typeof body.message === 'string'
          ? serverMessage({
              message: body.message,
              messageKey: typeof body.messageKey === 'string' ? body.messageKey : undefined,
              messageVars:
                body.messageVars && typeof body.messageVars === 'object'
                  ? body.messageVars
                  : undefined,
            })
          : undefined,
      errors:
        body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined,
    };
  } catch {
    return {};
  }
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const url = `${API_BASE}${path}${buildQuery(opts.query)}`;
  let res: Response;
  const h = headers();
  for (const [k, v] of Object.entries(opts.headers ?? {})) h.set(k, v);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    h.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.body) body = toFormData(opts.body);
  try {
    res = await fetch(url, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers: h,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    // Aborted queries (page left, filter changed) are not failures the user needs to see.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    if (!opts.silent) showErrorToast(0, undefined);
    throw new ApiError(0, '');
  }
  if (res.ok) return res;
  const { message, errors } = await readError(res);
  if (!opts.silent) showErrorToast(res.status, message);
  if (res.status === 401) {
    clearSession();
    onUnauthorized();
  }
  throw new ApiError(res.status, message ?? '', errors ?? {});
}

/** Calls the API and returns the parsed JSON body. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The raw Response of a call, through the same headers and error handling, for callers that
 * read the body themselves (a streamed export with progress). Rejects with ApiError like
 * `request`.
 */
export function requestResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  return send(path, opts);
}

/** Fetches a binary (PDF, image) through the same headers and error handling. */
export async function requestBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await send(path, opts);
  return res.blob();
}

/** `{data}` envelope of every success answer (DESIGN.md §6); show its message with serverMessage. */
export interface Envelope<T> extends ServerMessage {
  data: T;
}
/** A page of a list: `{data, meta: {total}}`. */
export interface ListPage<T> {
  data: T[];
  /** total is capped at 10,000 (totalCapped); nextCursor fetches the next page (lib/listPaging) */
  meta: { total: number; totalCapped?: boolean; nextCursor?: string | null };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>(path, { query, signal }),
  post: <T>(path: string, body: Body = {}) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: Body = {}) => request<T>(path, { method: 'PUT', body }),
  postJson: <T>(path: string, json: unknown, signal?: AbortSignal) =>
    request<T>(path, { method: 'POST', json, signal }),
  blob: (path: string, query?: Query) => requestBlob(path, { query }),
};

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
