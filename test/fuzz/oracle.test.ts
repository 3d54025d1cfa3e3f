/**
 * The fuzzers' oracle must catch what it is there to catch (a fuzzer whose checks pass anything
 * proves nothing): leaks in bodies and headers, 5xx, bodies off their schema, undeclared
 * statuses and error bodies off the shared shape. Also the request printing used in failures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newAjv, type Operation } from './openapi.js';
import { Oracle } from './oracle.js';
import { rawMultipart, requestFor } from './requests.js';
import { routeSeed } from './stats.js';

const ajv = newAjv();
const oracle = new Oracle(ajv, new Set());
const op: Pick<Operation, 'responses' | 'key'> = {
  key: 'GET /api/things/{id}',
  responses: new Map([
    [
      200,
      ajv.compile({
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
            required: ['id'],
            additionalProperties: false,
          },
        },
        required: ['data'],
      }),
    ],
  ]),
};
const fileOp: Pick<Operation, 'responses' | 'key'> = {
  key: 'GET /api/things/{id}.pdf',
  responses: new Map([[200, null]]),
};
const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('fuzz oracle', () => {
  it('accepts a CSV only from a format=csv route, and checks that CSV for leaks', () => {
    const csvOp = { ...op, key: 'GET /api/payments/reconciliation' };
    const csv = (body: string) => ({
      statusCode: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      body,
    });
    expect(oracle.problems(csvOp, csv('date,channel\n2026-11-22,esewa\n'))).toEqual([]);
    expect(oracle.problems(csvOp, csv('date\nat /work/main/src/x.ts:1:2\n'))).not.toEqual([]);
    expect(oracle.problems(op, csv('date,channel\n'))).toContain(
      'declared JSON, answered text/csv; charset=utf-8',
    );
  });

  it('passes a declared body and a shared error body', () => {
    expect(
      oracle.problems(op, json(200, { data: { id: 1, at: '2026-11-22T05:00:00.000Z' } })),
    ).toEqual([]);
    expect(oracle.problems(op, json(422, { message: 'Bad', errors: { a: ['Required'] } }))).toEqual(
      [],
    );
    expect(
      oracle.problems(fileOp, {
        statusCode: 200,
        headers: { 'content-type': 'application/pdf' },
        body: '%PDF-1.4 at /work/x.ts:1:2',
      }),
    ).toEqual([]);
  });

  it('fails 5xx, bodies off their schema, undeclared statuses and library error bodies', () => {
    expect(oracle.problems(op, json(500, { message: 'Internal Server Error.' }))).toContain(
      'status 500',
    );
    expect(oracle.problems(op, json(200, { data: { id: 'one' } })).join()).toMatch(/schema/);
    expect(oracle.problems(op, json(200, { data: { id: 1, at: 'yesterday' } })).join()).toMatch(
      /schema/,
    );
    expect(oracle.problems(op, json(201, { data: { id: 1 } }))).toEqual(['undeclared status 201']);
    expect(
      oracle
        .problems(
          op,
          json(400, {
            error: 'Bad Request',
            code: 'FST_ERR_BAD_URL',
            message: 'x',
            statusCode: 400,
          }),
        )
        .join(),
    ).toMatch(/\{ message, errors\? \}/);
    expect(oracle.problems(op, json(404, { message: '' })).join()).toMatch(/message/);
    expect(oracle.problems(op, json(400, { message: 'bad', code: '22P02' })).join()).toMatch(
      /errors\?/,
    );
    expect(oracle.problems(op, json(400, { message: 'failed: code 23505' }))).toContain(
      'an SQLSTATE code in the error',
    );
    expect(oracle.problems(fileOp, json(200, { any: 1 }))).toEqual([
      'a JSON answer where the route declares no response schema',
    ]);
  });

  it.each([
    ['stack trace', 'TypeError: x\n    at handler (/srv/app/src/x.ts:10:5)'],
    ['stack trace', 'at Object.<anonymous> (file.js:1:2)'],
    ['file path', 'cannot open /work/main/uploads/x.jpg'],
    ['file path', 'ENOENT /tmp/darta-uploads-1/x'],
    ['file path', 'Cannot find module node_modules/pg'],
    ['file path', 'in src/server/app'],
    ['file path', 'C:\\Users\\x'],
    ['SQL', 'select "id" from "applications" where "id" = $1'],
    ['SQL', 'insert into "files" values'],
    ['SQL', 'syntax error at or near "x"'],
    ['SQL', 'relation "users" does not exist'],
    ['SQL', 'duplicate key value violates unique constraint'],
  ])('finds a %s: %s', (what, text) => {
    const p = oracle.problems(op, json(400, { message: text }));
    expect(p).toContain(`${what} in the body`);
    const h = oracle.problems(op, json(404, { message: 'Not found' }, { 'x-debug': text }));
    expect(h).toContain(`${what} in the headers`);
  });

  it("takes the client's own input echoed back for input, not for a leak", () => {
    const saved = json(201, { data: { id: 1, name: 'G:\\p' } });
    expect(oracle.problems(op, saved, [' G:\\p ']).join()).not.toMatch(/file path/);
    expect(oracle.problems(op, saved).join()).toMatch(/file path in the body/);
  });

  it('takes input quoted inside a message for input: no SQLSTATE code or leak (CI flake, sortBy "12P34")', () => {
    const quoted = json(400, { message: 'Cannot sort by "x 12P34".' });
    expect(oracle.problems(op, quoted, ['x 12P34'])).toEqual([]);
    expect(oracle.problems(op, quoted)).toContain('an SQLSTATE code in the error');
    const path = json(400, { message: 'Unknown filter "/tmp/x".' });
    expect(oracle.problems(op, path, ['/tmp/x'])).toEqual([]);
    expect(oracle.problems(op, path)).toContain('file path in the body');
    // the server's own text around the quoted input is still checked
    const both = json(400, { message: 'Cannot sort by "ab": code 23505' });
    expect(oracle.problems(op, both, ['ab'])).toContain('an SQLSTATE code in the error');
  });

  it('with rememberSent, takes an earlier request\'s text quoted in a later message for input (CI flake, a business type "Vk-p:\\yeot")', () => {
    const run = new Oracle(ajv, new Set(), true);
    const saved = 'Vk-p:\\yeot';
    expect(run.problems(op, json(201, { data: { name: saved } }), [saved]).join()).not.toMatch(
      /file path/,
    );
    const listed = json(422, {
      message: `These business types have no tax setup: Retail, ${saved}.`,
    });
    expect(run.problems(op, listed)).toEqual([]);
    // a fresh oracle has not seen it sent: a leak
    expect(oracle.problems(op, listed)).toContain('file path in the body');
    // short earlier input is not cut from around the server's own words
    expect(run.problems(op, json(201, { data: { name: 'C:\\' } }), ['C:\\']).join()).not.toMatch(
      /file path/,
    );
    expect(run.problems(op, json(400, { message: 'open C:\\Users\\x failed' }))).toContain(
      'file path in the body',
    );
  });

  it('does not take ordinary text for a leak', () => {
    for (const text of [
      'The request is not valid.',
      'Select a ward from the list',
      'Himalayan Tea House at Pulchowk',
      'व्यवसाय दर्ता',
      'Amount 25000.00 does not match the bill',
      '../../../../etc/passwd',
    ]) {
      expect(oracle.problems(op, json(422, { message: text }))).toEqual([]);
    }
  });
});

describe('fuzz requests', () => {
  const route: Operation = {
    key: 'POST /api/things/{id}',
    method: 'POST',
    path: '/api/things/{id}',
    params: [{ in: 'path', name: 'id', schema: { type: 'integer' } }],
    body: {
      json: true,
      multipart: true,
      fields: { name: { type: 'string', maxLength: 5 }, photo: {} },
      fileFields: ['photo'],
    },
    responses: new Map(),
  };

  it('print compactly: method, URL and a clipped body', () => {
    const samples = fc.sample(requestFor(route), { numRuns: 200, seed: 7 });
    for (const r of samples) {
      const printed = fc.stringify(r);
      expect(printed.startsWith('POST /api/things/')).toBe(true);
      expect(printed.length).toBeLessThan(1200);
    }
    // the body kinds all occur: JSON, broken or oversized JSON, multipart with files
    const printed = samples.map((r) => fc.stringify(r)).join('\n');
    expect(printed).toMatch(/ json \{/);
    expect(printed).toMatch(/ multipart /);
    expect(printed).toMatch(/photo=</);
  });

  it('encode names byte for byte (NUL, not UTF-8) in multipart', () => {
    const name = Buffer.from([0x61, 0x00, 0xff, 0x2e, 0x6a, 0x70, 0x67]);
    const m = rawMultipart(
      {},
      { f: { filename: name, type: 'image/jpeg', data: Buffer.from('x') } },
    );
    expect(m.payload.includes(Buffer.concat([Buffer.from('filename="'), name]))).toBe(true);
  });

  it('derive stable per-route seeds', () => {
    expect(routeSeed(1, 'GET /api/a')).toBe(routeSeed(1, 'GET /api/a'));
    expect(routeSeed(1, 'GET /api/a')).not.toBe(routeSeed(1, 'GET /api/b'));
    expect(routeSeed(-5, 'x')).toBeGreaterThanOrEqual(0);
  });
});
