/**
 * Issue 17 §8: every message the API answers is in the request's language (`Accept-Language`
 * or `?lang=`), with its catalogue key beside it (`messageKey`) for the client to render.
 * A representative set of answers is asked for in Nepali: success texts (SPEC §8 'Updated
 * Successfully', 'Status changed successfully.', 'Action was successful'), 401, 403, 404 (of a
 * row and of an unknown route), 409 (a row in use; a unique index met by a race), 422 (zod
 * validation, a unique name), 413 and 415. A Latin-letter sentence in `message` or in a field
 * error fails; English keeps the SPEC's exact texts.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/index.js';
import { auth, buildTestApp, multipart, type TestContext } from '../../../test/server/helper.js';
import { newApplicant, staffTokens } from '../../../test/server/fixtures.js';
import errorsPlugin from './errors.js';

let t: TestContext;
let staff: { ward1: string; admin: string };
let applicant: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
  applicant = await newApplicant(t.app, 'Sita Lang', { withDocuments: false });
});
afterAll(() => t.close());

const NE = { 'accept-language': 'ne' };

interface Answer {
  message?: string;
  messageKey?: string;
  errors?: Record<string, string[]>;
}

/** Texts of an answer that are an English sentence (or not Nepali at all). */
function englishIn(body: Answer): string[] {
  const texts = [body.message ?? '', ...Object.values(body.errors ?? {}).flat()];
  return texts.filter((s) => /[A-Za-z]+(?: [A-Za-z]+){2,}/.test(s) || !/[\u0900-\u097F]/.test(s));
}

/** Asserts a Nepali answer with its key, and returns the body. */
function nepali(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  key: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Answer;
  expect(englishIn(body), res.body).toEqual([]);
  expect(body.messageKey).toBe(key);
  return body;
}

const post = (url: string, fields: Record<string, string | number>, headers = {}) => {
  const m = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...headers },
  });
};

describe('success messages', () => {
  it("'Updated Successfully' of an own profile's save is Nepali in Nepali, the SPEC text in English", async () => {
    const fields = { name: 'Sita Lang', gender: 'female', lang: 'ne' };
    const ne = nepali(
      await post('/api/profiles', fields, { ...auth(applicant.token), ...NE }),
      200,
      'common.updated',
    );
    expect(ne.message).toBe(translate('ne', 'common.updated'));
    const en = (await post('/api/profiles', fields, auth(applicant.token))).json() as Answer;
    expect(en).toMatchObject({ message: 'Updated Successfully', messageKey: 'common.updated' });
  });

  it("'Status changed successfully.' and 'Action was successful' by ?lang=ne", async () => {
    const created = nepali(
      await post(
        '/api/states?lang=ne',
        { nameEn: 'Lang Test State', nameNe: 'भाषा प्रदेश' },
        auth(staff.admin),
      ),
      201,
      'common.actionSuccess',
    ) as Answer & { data: { id: number } };
    const id = created.data.id;
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/states/${id}/change-status?lang=ne`,
      headers: auth(staff.admin),
    });
    nepali(toggled, 200, 'resource.statusChanged');
  });
});

describe('refusals', () => {
  it('401 without a session', async () => {
    nepali(
      await t.app.inject({ method: 'GET', url: '/api/profiles', headers: NE }),
      401,
      'errors.unauthenticated',
    );
  });

  it('403 for a route the user may not use', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { ...auth(applicant.token), ...NE },
    });
    nepali(res, 403, 'errors.unauthorized');
  });

  it('404 of a missing row and of an unknown route', async () => {
    const row = await t.app.inject({
      method: 'GET',
      url: '/api/states/999999',
      headers: { ...auth(staff.admin), ...NE },
    });
    nepali(row, 404, 'errors.notFound');
    const route = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: NE });
    nepali(route, 404, 'errors.notFound');
  });

  it('422 of zod validation, every field error Nepali', async () => {
    const res = await post('/api/states', { nameEn: '' }, { ...auth(staff.admin), ...NE });
    const body = nepali(res, 422, 'errors.validation');
    expect(body.errors?.nameEn).toEqual([translate('ne', 'validation.required')]);
    expect(body.errors?.nameNe).toEqual([translate('ne', 'validation.required')]);
  });

  it('422 of a taken name (a unique key)', async () => {
    const fields = { nameEn: 'Twice State', nameNe: 'दोहोरो प्रदेश' };
    expect((await post('/api/states', fields, auth(staff.admin))).statusCode).toBe(201);
    const again = await post('/api/states', fields, { ...auth(staff.admin), ...NE });
    const body = nepali(again, 422, 'errors.validation');
    expect(Object.keys(body.errors ?? {})).toContain('nameEn');
  });

  it('409 of a row still in use, with its values', async () => {
    const states = (
      await t.app.inject({ method: 'GET', url: '/api/states', headers: auth(staff.admin) })
    ).json() as {
      data: { id: number; nameEn: string }[];
    };
    // a seeded province has districts
    const used = states.data.find((s) => s.nameEn === 'Bagmati') ?? states.data.at(-1)!;
    const res = await post(
      '/api/states/delete',
      { 'delete_rows[]': used.id },
      { ...auth(staff.admin), ...NE },
    );
    const body = nepali(res, 409, 'errors.inUse') as Answer & { messageVars?: { uses: string } };
    expect(body.messageVars?.uses).toMatch(/[\u0900-\u097F]/);
  });

  it('413 of a file over 5 MB and 415 of a body type not taken', async () => {
    const big = multipart(
      {},
      {
        photo: { filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(6 * 1024 * 1024, 1) },
      },
    );
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/documents',
      payload: big.payload,
      headers: { ...big.headers, ...auth(applicant.token), ...NE },
    });
    nepali(tooLarge, 413, 'errors.fileTooLarge');
    // a public route takes JSON or URL-encoded bodies only
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<login/>',
      headers: { 'content-type': 'application/xml', ...NE },
    });
    nepali(plain, 415, 'errors.unsupportedMediaType');
  });
});

describe('the error handler on its own', () => {
  it('answers a unique index met by a race (23505) as a Nepali 409, and a library 4xx in Nepali', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/race', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "x_uq"'), {
        code: '23505',
        constraint: 'x_uq',
      });
    });
    app.get('/library', async () => {
      throw Object.assign(new Error('Some English library text'), { statusCode: 418 });
    });
    const race = await app.inject({ method: 'GET', url: '/race', headers: NE });
    nepali(race, 409, 'errors.duplicate');
    const library = await app.inject({ method: 'GET', url: '/library?lang=ne' });
    nepali(library, 418, 'errors.badRequest');
    await app.close();
  });
});
