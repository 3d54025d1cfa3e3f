/**
 * helmet's headers, computed once (plugins/security-headers.ts), are the ones @fastify/helmet
 * sets per request with the same options, and every answer carries them: an API answer, the
 * applications list, a 404, a refusal.
 */
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { helmetHeaders } from './security-headers.js';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it("are @fastify/helmet's for the same options", async () => {
    const headers = Object.fromEntries(await helmetHeaders(OPTIONS));
    const direct = Fastify({ logger: false });
    await direct.register(helmet, OPTIONS);
    direct.get('/x', async () => ({ ok: true }));
    const res = await direct.inject({ method: 'GET', url: '/x' });
    await direct.close();
    expect(headers['content-security-policy']).toMatch(/^default-src 'self';.*object-src 'none'/);
    expect(Object.keys(headers).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(headers)) expect(res.headers[name]).toBe(value);
    expect(headers).not.toHaveProperty('content-type');
  });

  it('are on every answer of the app: API, the list, a 404, a 401', async () => {
    const admin = await login(t.app, 'admin');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/applications', headers: auth(admin) }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'GET', url: '/api/dashboard' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 401]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeTruthy();
    }
  });
});
