/** The detail URL asks for its application at start-up (api.ts prefetchApplicationDetail). */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { EarlyDetail } from '../../lib/earlyDetail';
import { TOKEN_KEY } from '../../lib/session';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { detailKey, prefetchApplicationDetail } from './api';

resetEachTest();
afterEach(() => {
  delete window.dartaEarlyDetail;
});

/** What index.html's outline script leaves when it asked first (app/staticShell.ts). */
const early = (id: number, lang: string, body: unknown): EarlyDetail => ({
  id,
  lang,
  done: true,
  body,
  promise: Promise.resolve(body),
  listeners: [],
});

const routes = { 'GET /api/applications/:id': () => jsonResponse(200, { data: { id: 7 } }) };

describe('prefetchApplicationDetail', () => {
  it("asks for the application of a detail URL, in the reader's language, into the page's query", async () => {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    const { requests } = mockApi(routes);
    const client = new QueryClient();
    prefetchApplicationDetail(client, '/business/applications/7/detail');
    await client.getQueryCache().find({ queryKey: detailKey(7) })?.promise;
    expect(requests.map((r) => [r.path, r.query.get('lang')])).toEqual([
      ['/api/applications/7', 'en-US'],
    ]);
    expect(client.getQueryData(detailKey(7))).toEqual({ data: { id: 7 } });
  });

  it('asks for nothing on another URL, a malformed id, or signed out', () => {
    const { requests } = mockApi(routes);
    localStorage.setItem(TOKEN_KEY, 'test-token');
    for (const path of [
      '/business/applications',
      '/business/applications/x/detail',
      '/business/applications/0/detail',
    ]) {
      prefetchApplicationDetail(new QueryClient(), path);
    }
    localStorage.removeItem(TOKEN_KEY);
    prefetchApplicationDetail(new QueryClient(), '/business/applications/7/detail');
    expect(requests).toHaveLength(0);
  });

  it("takes the outline script's answer instead of asking again", async () => {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    const { requests } = mockApi(routes);
    window.dartaEarlyDetail = early(7, 'en-US', { data: { id: 7, businessName: 'Early' } });
    const client = new QueryClient();
    prefetchApplicationDetail(client, '/business/applications/7/detail');
    await client.getQueryCache().find({ queryKey: detailKey(7) })?.promise;
    expect(requests).toHaveLength(0);
    expect(client.getQueryData(detailKey(7))).toEqual({ data: { id: 7, businessName: 'Early' } });
  });

  it("asks itself when the outline's answer failed, or was for another application or language", async () => {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    for (const e of [early(7, 'en-US', null), early(8, 'en-US', {}), early(7, 'ne', {})]) {
      const { requests } = mockApi(routes);
      window.dartaEarlyDetail = e;
      const client = new QueryClient();
      prefetchApplicationDetail(client, '/business/applications/7/detail');
      await client.getQueryCache().find({ queryKey: detailKey(7) })?.promise;
      expect(requests.map((r) => r.path)).toEqual(['/api/applications/7']);
      expect(client.getQueryData(detailKey(7))).toEqual({ data: { id: 7 } });
    }
  });
});
