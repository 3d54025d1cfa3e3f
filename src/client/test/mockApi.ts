/**
 * A fetch stub that answers by route ('GET /api/states' or 'GET /api/states/:id'), records
 * every request with its parsed query and multipart or JSON body, and answers 404 otherwise.
 */
import { vi } from 'vitest';
import { jsonResponse } from './render';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: FormData | null;
  /** A JSON body, parsed. */
  json: unknown;
  params: Record<string, string>;
}
export type MockHandler = (req: MockRequest) => Response | Promise<Response>;

function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = b[i];
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

export function mockApi(routes: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const base = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body instanceof FormData ? init.body : null,
      json: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    // Exact routes win over parameterised ones ('/api/x/all' before '/api/x/:id').
    const entries = Object.entries(routes).sort(
      ([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')),
    );
    for (const [key, handler] of entries) {
      const [m, pattern] = key.split(' ');
      if (m !== method) continue;
      const params = match(pattern, url.pathname);
      if (!params) continue;
      const req = { ...base, params };
      requests.push(req);
      return handler(req);
    }
    requests.push({ ...base, params: {} });
    return jsonResponse(404, { message: 'Resource not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests with this method and path. */
    calls: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
  };
}

/** The parsed `filters` query parameter of a list request. */
export function filtersOf(req: MockRequest): Record<string, unknown> {
  const raw = req.query.get('filters');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}
