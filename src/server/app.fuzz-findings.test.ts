/**
 * Regressions found by the API fuzzing (test/fuzz, issue 8 §3), at the app level: the
 * router's own refusals answer the shared `{ message }` body, never Fastify's, which echoed the
 * URL and named the library's error code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/server/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('router refusals', () => {
  it('a malformed %-escape in a path parameter is a plain 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wards/%E0%A4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request is not valid.',
      messageKey: 'errors.badRequest',
    });
  });

  it('a path parameter over the router limit is a plain 414, in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/states/${'x'.repeat(500)}`,
      headers: { 'accept-language': 'ne' },
    });
    expect(res.statusCode).toBe(414);
    const body = res.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message', 'messageKey']);
    expect(body.message).toMatch(/[\u0900-\u097F]/);
    expect(res.body).not.toContain('xxxx');
  });
});
