/** App-level behaviour: OpenAPI document, SPA fallback, health, generic 404 and 5xx hiding. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/server/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('app', () => {
  it('serves an OpenAPI document covering the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/profiles',
        '/api/applications',
        '/api/applications/{id}/verify',
      ]),
    );
  });

  it('answers unknown API paths with a JSON 404 in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'ne' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'स्रोत फेला परेन।', messageKey: 'errors.notFound' });
  });

  it('sends security headers with a CSP that forbids inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    // issue 8 §5: no inline script, no plugins, no <base>
    expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the installable app load its worker and manifest, and 404s a missing chunk', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // never the SPA page in place of a build file (a browser would run it as the chunk)
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(chunk.statusCode).toBe(404);
    expect(chunk.headers['content-type']).toMatch(/^application\/json/);
  });

  it('malformed JSON is a 400 without library text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request is not valid.',
      messageKey: 'errors.badRequest',
    });
  });
});
