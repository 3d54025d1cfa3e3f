/**
 * Idempotency-Key on POST /api/applications (issue 8 §4), through app.inject(): the same key and
 * body replays the first answer and creates nothing; another body is a 422 in the user's language;
 * a key still in flight is a 409; a refused submission stores no key; keys are per user.
 */
import { readdir } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../shared/i18n/index.js';
import { applications, idempotencyKeys } from '../../db/schema.js';
import { auth, buildTestApp, multipart, type TestContext } from '../../../../test/server/helper.js';
import { newApplicant, validFields, validFiles, wardId } from '../../../../test/server/fixtures.js';
import { Submissions as ApplicationService } from './submit.js';

let t: TestContext;
let ward: number;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await newApplicant(t.app);
  ward = await wardId(t.app, a.token, 1);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** POSTs a submission with `key` (none when undefined). */
async function post(
  token: string,
  key: string | undefined,
  over: Record<string, string | number | undefined> = {},
  opts: { lang?: string; files?: Record<string, { filename: string; data: Buffer }> } = {},
) {
  const m = multipart(validFields(ward, over), opts.files ?? (await validFiles()));
  return t.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload: m.payload,
    headers: {
      ...m.headers,
      ...auth(token),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });
}

const appsOf = async (userId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(eq(applications.userId, userId))
  )[0].n;

describe('Idempotency-Key on submission', () => {
  it('replays the first answer for the same key and body: same status and body, nothing new', async () => {
    const a = await newApplicant(t.app);
    const key = `replay-${Date.now()}`;
    const first = await post(a.token, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const filesAfterFirst = (await readdir(t.uploadDir)).length;

    const again = await post(a.token, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await appsOf(a.id)).toBe(1);
    // the replay wrote no upload either
    expect((await readdir(t.uploadDir)).length).toBe(filesAfterFirst);

    // the key row points at the application, written with it
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, a.id), eq(idempotencyKeys.key, key)));
    expect(row.entityId).toBe(first.json().data.id);
    expect(row.scope).toBe('applications.create');
  });

  it('refuses the same key with another body: 422, translated, nothing created', async () => {
    const a = await newApplicant(t.app);
    const key = `mismatch-${Date.now()}`;
    expect((await post(a.token, key)).statusCode).toBe(201);
    for (const lang of ['en-US', 'ne'] as const) {
      const res = await post(a.token, key, { businessName: 'Another Shop' }, { lang });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(translate(lang, 'idempotency.mismatch'));
    }
    // another file under the same names and sizes is another body too
    const files = await validFiles();
    const other = Buffer.from(files['doc_lalpurja'].data);
    other[other.length - 3] ^= 0xff;
    const res = await post(
      a.token,
      key,
      {},
      {
        files: { ...files, doc_lalpurja: { ...files['doc_lalpurja'], data: other } },
      },
    );
    expect(res.statusCode).toBe(422);
    expect(await appsOf(a.id)).toBe(1);
  });

  it('answers 409 while the same key is in flight, then replays once it completed', async () => {
    const a = await newApplicant(t.app);
    const key = `inflight-${Date.now()}`;
    // Hold the first submission inside service.create until the second one was answered.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const create = ApplicationService.prototype.create;
    vi.spyOn(ApplicationService.prototype, 'create').mockImplementation(async function (
      this: ApplicationService,
      ...args: Parameters<ApplicationService['create']>
    ) {
      entered();
      await held;
      return create.apply(this, args);
    });
    const first = post(a.token, key);
    await inside;
    for (const lang of ['en-US', 'ne'] as const) {
      const second = await post(a.token, key, {}, { lang });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(translate(lang, 'idempotency.inFlight'));
    }
    release();
    expect((await first).statusCode).toBe(201);
    vi.restoreAllMocks();
    const third = await post(a.token, key);
    expect(third.statusCode).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await appsOf(a.id)).toBe(1);
  });

  it('stores no key for a refused submission, so its corrected retry runs', async () => {
    const a = await newApplicant(t.app);
    const key = `refused-${Date.now()}`;
    // a file the setup does not offer is refused (422) before anything is stored
    const refused = await post(
      a.token,
      key,
      {},
      { files: { 'doc_no-such-file': (await validFiles()).doc_lalpurja } },
    );
    expect(refused.statusCode).toBe(422);
    const ok = await post(a.token, key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    expect(await appsOf(a.id)).toBe(1);
  });

  it('keeps keys per user, and submissions without a key are not deduplicated', async () => {
    const a = await newApplicant(t.app);
    const b = await newApplicant(t.app);
    const key = `shared-${Date.now()}`;
    expect((await post(a.token, key)).statusCode).toBe(201);
    const other = await post(b.token, key);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await post(b.token, undefined)).statusCode).toBe(201);
    expect(await appsOf(a.id)).toBe(1);
    expect(await appsOf(b.id)).toBe(2);
  });

  it('refuses a key that is empty, too long or not printable ASCII with a 400', async () => {
    const a = await newApplicant(t.app);
    for (const key of ['', 'x'.repeat(129), 'schlüssel', 'tab\there']) {
      const res = await post(a.token, key);
      expect(res.statusCode, key).toBe(400);
    }
    // 128 printable characters, spaces and symbols included, are a valid key
    const longest = `${'k'.repeat(120)} ~!@#$%^`;
    expect(longest).toHaveLength(128);
    expect((await post(a.token, longest)).statusCode).toBe(201);
    expect(await appsOf(a.id)).toBe(1);
  });
});
