/**
 * Multipart limits (found by the upload fuzzing, issue 8 §3): busboy cuts a text field at
 * 10 KiB and passes the rest on as if whole; the plugin refuses it on that field instead, so a
 * cut value (e.g. 4,000 Devanagari characters are 12,000 bytes) is never validated or stored.
 * Public routes (issue 16 §3) take JSON or URL-encoded bodies of at most 16 KiB, never multipart.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  login,
  multipart,
  type TestContext,
} from '../../../test/server/helper.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(() => t.close());

describe('multipart text fields', () => {
  it('a field over 10 KiB is a 422 on that field, not a value cut short', async () => {
    const m = multipart({ remarks: 'क'.repeat(4000) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/documents',
      payload: m.payload,
      headers: { ...m.headers, ...auth(admin) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      messageKey: 'errors.validation',
      errors: { remarks: ['This is too long'] },
    });
  });

  it('a malformed multipart body (no boundary in it, cut off) is a 400, not a 500', async () => {
    for (const payload of [
      'not a multipart body',
      '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nva',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profiles/documents',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ', ...auth(admin) },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('a field just under the limit passes on to the route', async () => {
    const m = multipart({ remarks: 'x'.repeat(10 * 1024 - 10) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/documents',
      payload: m.payload,
      headers: { ...m.headers, ...auth(admin) },
    });
    // the route itself answers: no photo or citizenship file was sent
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['photo']);
  });
});

describe('public routes (sign-in, registration, recovery)', () => {
  /** A body of `total` bytes that counts how much of it the server pulled. */
  function countingBody(total: number) {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const seen = { bytes: 0 };
    const stream = new Readable({
      read() {
        if (seen.bytes >= total) return this.push(null);
        seen.bytes += chunk.length;
        this.push(chunk);
      },
    });
    return { stream, seen };
  }

  it('refuses multipart on /api/login with 415, on the headers, before reading the body', async () => {
    const m = multipart({ username: 'admin', password: 'Darta@2082' });
    const small = await t.app.inject({ method: 'POST', url: '/api/login', ...m });
    expect(small.statusCode).toBe(415);
    expect(small.json()).toEqual({
      message: 'This kind of request is not accepted here.',
      messageKey: 'errors.unsupportedMediaType',
    });
    // 50 MiB declared: still 415 (the type is judged first), and the body is left unread
    const total = 50 * 1024 * 1024;
    const { stream, seen } = countingBody(total);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: stream,
      headers: {
        'content-type': 'multipart/form-data; boundary=----x',
        'content-length': String(total),
      },
    });
    expect(big.statusCode).toBe(415);
    expect(seen.bytes).toBeLessThan(1024 * 1024);
    for (const url of [
      '/api/register/otp',
      '/api/register',
      '/api/password/forgot',
      '/api/password/reset',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, ...multipart({ login: 'admin' }) });
      expect(res.statusCode, url).toBe(415);
    }
  });

  it('refuses other body types (text/plain, XML, none declared) with 415', async () => {
    for (const type of ['text/plain', 'application/xml', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: '{"username":"admin","password":"x"}',
        headers: type ? { 'content-type': type } : { 'content-type': '' },
      });
      expect(res.statusCode, String(type)).toBe(415);
    }
  });

  it('refuses JSON over 16 KiB with 413, also when sent without a length', async () => {
    const payload = JSON.stringify({ username: 'admin', password: 'x'.repeat(17 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The request is too large.',
      messageKey: 'errors.bodyTooLarge',
    });
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: Readable.from([Buffer.from(payload)]),
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.statusCode).toBe(413);
    // just under the limit the route answers itself (the password is too long for the schema)
    const under = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_16k', password: 'x'.repeat(15 * 1024) },
    });
    expect(under.statusCode).toBe(422);
  });

  it('takes URL-encoded forms on public routes only; signed-in routes keep JSON and multipart', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: 'login=nobody_form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      payload: 'name=X&gender=male&lang=en-US',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth(admin) },
    });
    expect(signedIn.statusCode).toBe(415);
  });
});
