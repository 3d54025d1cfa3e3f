/**
 * Upload fuzzing (issue 8 §3): every route that takes files gets, on each of its file fields,
 * a request that is otherwise valid (a control request with good files proves it succeeds) but
 * carries
 * - wrong magic bytes: GIF, EXE, HTML, SVG, ZIP, truncated JPEG/PDF, empty, declared as
 *   image/jpeg and as application/pdf → 422 naming that field;
 * - hostile names (`../`, `..\`, absolute paths, NUL, 5,000 characters, bytes that are not UTF-8)
 *   on wrong bytes → 422;
 * - a file one byte over the 5 MiB limit → 413; 11 files (limit 10) → 413; a text field over
 *   its 10 KiB limit → 4xx;
 * - generated names and bytes (fast-check) on wrong bytes → 4xx.
 * After each refusal nothing is left: no new file in the upload folder, no new or changed row
 * count in any table. Every answer also passes the API oracle (oracle.ts).
 * Hostile names on good bytes are accepted by design (storage.ts: files are recognised by their
 * bytes, stored under a server-made name; the name is display text): there the check is that
 * the stored file has a server-made name inside the upload folder and the recorded name has no
 * path part or control character.
 */
import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files as filesTable } from '../../src/server/db/schema.js';
import { MAX_UPLOAD_BYTES, sniff } from '../../src/server/lib/storage.js';
import { auth, buildTestApp, login, readFixture, type TestContext } from '../server/helper.js';
import { act, newApplicant, submit, validFields, wardId } from '../server/fixtures.js';
import { newAjv, operations, type Operation } from './openapi.js';
import { Oracle } from './oracle.js';
import { clip, HOSTILE_NAMES, PDF, rawMultipart, WRONG_BYTES, type FilePart } from './requests.js';
import { FuzzStats, routeSeed } from './stats.js';

vi.hoisted(() => {
  process.env.RATE_LIMIT_MAX = '10000000';
  process.env.RATE_LIMIT_LOGIN = '10000000';
  process.env.RATE_LIMIT_OTP = '10000000';
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** generated upload cases per file field: a twentieth of the per-route runs (50 in CI) */
const UPLOAD_RUNS = Math.max(10, Math.ceil(RUNS / 20));

let t: TestContext;
let oracle: Oracle;
let ops: Map<string, Operation>;
const stats = new FuzzStats();
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const ajv = newAjv();
  oracle = new Oracle(ajv);
  ops = new Map(operations(t.app, ajv).map((o) => [o.key, o]));
  jpeg = await readFixture('photo.jpg');
  png = await readFixture('citizenship.png');
});
afterAll(() => t.close());

/** A route that takes files, and how to send it an otherwise valid request. */
interface Target {
  /** OpenAPI key, e.g. `POST /api/applications/{id}/renew` */
  key: string;
  url: string;
  token: string;
  /** valid text fields (fresh per call: usernames and receipt numbers must be unique) */
  fields: () => Record<string, string>;
  /** valid files: the attacked field is replaced */
  files: () => Record<string, FilePart>;
  /** the file fields to attack, as sent (doc_<slug> for required documents) */
  attack: string[];
  /** a success changes nothing that stops the next one (then good-bytes cases run too) */
  repeatable: boolean;
}

type Snapshot = { rows: Record<string, number>; files: string[] };
/** The state after the last refused case: unchanged by definition, so the next case's before. */
let lastSnapshot: Snapshot | null = null;

/**
 * Bookkeeping written by the server whatever the request: per-client rate-limit counters (the
 * PostgreSQL store) and the background jobs' runs. Every other table must stay as it was.
 */
const BOOKKEEPING = ['rate_limits', 'job_runs'];

/** Row count of every table (but BOOKKEEPING), and the files in the upload folder. */
async function snapshot(): Promise<Snapshot> {
  const tables = (await t.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const union = tables.rows
    .filter((r) => !BOOKKEEPING.includes(r.name))
    .map((r) => `select '${r.name}' as name, count(*)::int as n from "${r.name}"`)
    .join(' union all ');
  const counts = (await t.database.db.execute(sql.raw(union))) as unknown as {
    rows: { name: string; n: number }[];
  };
  const files = (await readdir(t.uploadDir, { recursive: true })).map(String).sort();
  return { rows: Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)])), files };
}

function send(
  target: Target,
  files: Record<string, FilePart | FilePart[]>,
  fields = target.fields(),
) {
  const m = rawMultipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: target.url,
    payload: m.payload,
    headers: {
      ...m.headers,
      ...auth(target.token),
      // the create route takes one; a fresh key per case so no case replays another
      'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}`,
    },
  });
}

const describeFile = (f: FilePart) =>
  `<${f.type}, ${f.data.length} B, head ${f.data.subarray(0, 6).toString('hex')}, name ${JSON.stringify(clip(Buffer.isBuffer(f.filename) ? f.filename.toString('latin1') : f.filename, 50))}>`;

/**
 * Sends `file` as `field` of `target` and checks the answer: the oracle, a 4xx in `allowed`
 * naming `field` when 422, and nothing left behind. Returns the problems (empty: fine).
 */
async function refused(
  target: Target,
  field: string,
  file: FilePart | FilePart[],
  allowed: number[],
  fields?: Record<string, string>,
): Promise<string[]> {
  const before = lastSnapshot ?? (await snapshot());
  const res = await send(target, { ...target.files(), [field]: file }, fields);
  stats.count(res.statusCode);
  stats.uploadCases++;
  const problems = oracle.problems(ops.get(target.key)!, res);
  if (!allowed.includes(res.statusCode))
    problems.push(`status ${res.statusCode}, wanted ${allowed.join('/')}`);
  if (res.statusCode === 422 && allowed.length === 1) {
    const errors = (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
    if (!errors[field]) problems.push(`422 does not name ${field}: ${clip(res.body, 200)}`);
  }
  const after = await snapshot();
  const newFiles = after.files.filter((f) => !before.files.includes(f));
  if (newFiles.length) problems.push(`left files behind: ${newFiles.join(', ')}`);
  for (const [table, n] of Object.entries(after.rows)) {
    if (n !== before.rows[table]) problems.push(`${table}: ${before.rows[table]} → ${n} rows`);
  }
  lastSnapshot = after;
  return problems.map(
    (p) =>
      `${target.key} ${field}=${Array.isArray(file) ? `${file.length} files` : describeFile(file)}: ${p} (answer ${res.statusCode} ${clip(res.body, 200)})`,
  );
}

/** Sends good bytes under a hostile name; it must be accepted and stored safely. */
async function acceptedSafely(target: Target, field: string, file: FilePart): Promise<string[]> {
  const before = await snapshot();
  const res = await send(target, { ...target.files(), [field]: file });
  stats.count(res.statusCode);
  stats.uploadCases++;
  const problems = oracle.problems(ops.get(target.key)!, res);
  if (res.statusCode >= 300)
    problems.push(`good bytes refused: ${res.statusCode} ${clip(res.body, 200)}`);
  const after = await snapshot();
  lastSnapshot = null;
  for (const f of after.files.filter((x) => !before.files.includes(x))) {
    if (!/^[0-9a-f-]{36}\.(jpg|png|pdf)$/.test(f)) problems.push(`stored as ${JSON.stringify(f)}`);
  }
  const rows = await t.database.db
    .select({ name: filesTable.originalName })
    .from(filesTable)
    .where(sql`${filesTable.id} > ${(await maxFileId()) - 20}`);
  for (const { name } of rows) {
    // eslint-disable-next-line no-control-regex
    if (/[/\\\u0000-\u001f\u007f]/.test(name) || name.length > 120)
      problems.push(`recorded name ${JSON.stringify(clip(name, 60))}`);
  }
  for (const escape of [
    '/etc/passwd.jpg',
    '/etc/cron.d/evil.png',
    path.resolve(t.uploadDir, '..', 'x.pdf'),
  ]) {
    if (existsSync(escape)) problems.push(`wrote ${escape}`);
  }
  return problems.map((p) => `${target.key} ${field}=${describeFile(file)}: ${p}`);
}

async function maxFileId(): Promise<number> {
  const r = (await t.database.db.execute(
    sql`select coalesce(max(id), 0)::int as n from files`,
  )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0].n);
}

/** `head` (a real signature) padded with spaces to `size` bytes. */
const padded = (head: Buffer, size: number) =>
  Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);

/** The cases for one file field of one target. */
async function attackField(target: Target, field: string): Promise<string[]> {
  const problems: string[] = [];
  // wrong magic bytes, declared as an image and as a PDF
  for (const w of WRONG_BYTES) {
    for (const type of ['image/jpeg', 'application/pdf']) {
      const filename = type === 'image/jpeg' ? 'scan.jpg' : 'scan.pdf';
      problems.push(...(await refused(target, field, { filename, type, data: w.data }, [422])));
    }
  }
  // hostile names on wrong bytes
  for (const [i, filename] of HOSTILE_NAMES.entries()) {
    const w = WRONG_BYTES[i % WRONG_BYTES.length];
    problems.push(
      ...(await refused(target, field, { filename, type: 'image/jpeg', data: w.data }, [422])),
    );
  }
  // over the limits: one file over 5 MiB (a real JPEG signature), 11 files, a 20 KiB text field
  problems.push(
    ...(await refused(
      target,
      field,
      {
        filename: 'big.jpg',
        type: 'image/jpeg',
        data: padded(jpeg.subarray(0, 20), MAX_UPLOAD_BYTES + 1),
      },
      [413],
    )),
  );
  problems.push(
    ...(await refused(
      target,
      field,
      Array.from({ length: 11 }, () => ({ filename: 'p.png', type: 'image/png', data: png })),
      [413],
    )),
  );
  problems.push(
    ...(await refused(
      target,
      field,
      { filename: 'x.gif', type: 'image/jpeg', data: WRONG_BYTES[0].data },
      [400, 413, 422],
      {
        ...target.fields(),
        remarks: 'x'.repeat(20 * 1024),
      },
    )),
  );
  // generated: any name bytes, declared type and junk bytes behind a wrong signature
  const details = await fc.check(
    fc.asyncProperty(
      fc.record({
        filename: fc.oneof(
          fc
            .uint8Array({ maxLength: 300 })
            .map((b) => Buffer.from(b.filter((x) => x !== 0x22 && x !== 0x0d && x !== 0x0a))),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
        type: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', ''),
        head: fc.constantFrom(...WRONG_BYTES.map((w) => w.data)),
        tail: fc.uint8Array({ maxLength: 2048 }),
      }),
      async ({ filename, type, head, tail }) => {
        const file = {
          filename: typeof filename === 'string' ? filename.replace(/["\r\n]/g, '') : filename,
          type: type || 'application/octet-stream',
          data: Buffer.concat([head, Buffer.from(tail)]),
        };
        // no name and no bytes is how a browser sends "no file chosen": by design the field is
        // then absent (plugins/multipart.ts), which an optional file field accepts
        fc.pre(file.filename.length > 0 || file.data.length > 0);
        // a truncated signature plus random bytes can complete a real one (ff d8 + ff): then
        // the bytes are an image, not a wrong-bytes case
        fc.pre(sniff(file.data) === null);
        const p = await refused(target, field, file, [422]);
        if (p.length) throw new Error(p.join('\n'));
      },
    ),
    { numRuns: UPLOAD_RUNS, seed: routeSeed(SEED, `${target.key} ${field}`) },
  );
  if (details.failed) {
    problems.push(
      `${fc.defaultReportMessage(details)}\nError: ${String((details.errorInstance as Error)?.message)}\nReplay: FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED} npx vitest run test/fuzz/uploads.fuzz.test.ts`,
    );
  }
  // hostile names on good bytes: accepted, stored under a server-made name
  if (target.repeatable) {
    for (const filename of HOSTILE_NAMES) {
      problems.push(
        ...(await acceptedSafely(target, field, { filename, type: 'image/png', data: png })),
      );
    }
  }
  return problems;
}

/** The control: the valid request succeeds (so every refusal above was the file's doing). */
async function control(target: Target): Promise<string[]> {
  const res = await send(target, target.files());
  lastSnapshot = null;
  stats.count(res.statusCode);
  const problems = oracle.problems(ops.get(target.key)!, res);
  if (res.statusCode >= 300)
    problems.push(`control request refused: ${res.statusCode} ${clip(res.body, 300)}`);
  return problems.map((p) => `${target.key} (control): ${p}`);
}

describe('upload fuzzing', () => {
  it(
    'every file field refuses wrong bytes, hostile names and oversized bodies, leaving nothing',
    { timeout: 0 },
    async () => {
      const admin = await login(t.app, 'admin');
      const a = await newApplicant(t.app, 'Upload Fuzz');
      const w1 = await wardId(t.app, admin, 1);
      const pngPart = (name: string): FilePart => ({
        filename: name,
        type: 'image/png',
        data: png,
      });
      const jpegPart = (name: string): FilePart => ({
        filename: name,
        type: 'image/jpeg',
        data: jpeg,
      });
      const docs = () => ({
        'doc_rent-agreement': pngPart('rent.png'),
        doc_lalpurja: jpegPart('lalpurja.jpg'),
      });
      const text = (o: Record<string, string | number | undefined>) =>
        Object.fromEntries(
          Object.entries(o)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
      let n = 0;
      const userFields = () => {
        n++;
        return {
          name: 'Upload Fuzz',
          username: `upfuzz${process.pid}x${n}`,
          phone: `97${String(process.pid % 10000).padStart(4, '0')}${String(n).padStart(4, '0')}`,
          gender: 'female',
          userType: 'user',
          status: '1',
          password: 'Secret123',
        };
      };
      const pending = await submit(t.app, a.token);
      // renewal: an old paper registration the admin accepted, expired years ago
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        ...(() => {
          const m = rawMultipart(
            text(
              validFields(w1, {
                isOldRegistration: '1',
                oldRegistrationNo: `OLD-FUZZ-${process.pid}/2079-80`,
                oldRegistrationDate: '2022-08-01',
              }),
            ),
            { ...docs(), oldCertificate: pngPart('old.png') },
          );
          return { payload: m.payload, headers: { ...m.headers, ...auth(a.token) } };
        })(),
      });
      expect(old.statusCode, old.body).toBe(201);
      const oldId = old.json().data.id as number;
      expect((await act(t.app, admin, oldId, 'accept')).statusCode).toBe(200);
      // a counter payment: a verified application and its bill
      const toPay = await submit(t.app, a.token);
      expect((await act(t.app, admin, toPay, 'verify')).statusCode).toBe(200);
      const bill = (
        await t.app.inject({
          method: 'GET',
          url: `/api/applications/${toPay}`,
          headers: auth(admin),
        })
      ).json().data.bill.total as number;
      let receipt = 0;
      // an account to update (POST /api/users/{id}): its own username and phone stay valid
      const staffFields = userFields();
      const created = await send(
        {
          key: 'POST /api/users',
          url: '/api/users',
          token: admin,
          fields: () => staffFields,
          files: () => ({}),
          attack: [],
          repeatable: true,
        },
        {},
      );
      expect(created.statusCode, created.body).toBeLessThan(300);
      const userId = (created.json() as { data: { id: number } }).data.id;

      const targets: Target[] = [
        {
          key: 'POST /api/profiles/documents',
          url: '/api/profiles/documents',
          token: admin,
          fields: () => ({}),
          files: () => ({ photo: jpegPart('me.jpg'), citizenship: pngPart('id.png') }),
          attack: ['photo', 'citizenship'],
          repeatable: true,
        },
        {
          key: 'POST /api/users',
          url: '/api/users',
          token: admin,
          fields: userFields,
          files: () => ({ photo: jpegPart('me.jpg'), citizenship: pngPart('id.png') }),
          attack: ['photo', 'citizenship'],
          repeatable: true,
        },
        {
          key: 'POST /api/users/{id}',
          url: `/api/users/${userId}`,
          token: admin,
          fields: () => staffFields,
          files: () => ({ photo: jpegPart('me.jpg') }),
          attack: ['photo', 'citizenship'],
          repeatable: true,
        },
        {
          key: 'POST /api/applications',
          url: '/api/applications',
          token: a.token,
          fields: () => text(validFields(w1)),
          files: docs,
          attack: ['doc_rent-agreement', 'doc_lalpurja'],
          repeatable: true,
        },
        {
          key: 'POST /api/applications/{id}',
          url: `/api/applications/${pending}`,
          token: a.token,
          fields: () => text(validFields(w1)),
          files: () => ({}),
          attack: ['doc_rent-agreement'],
          repeatable: true,
        },
        {
          key: 'POST /api/applications/{id}/renew',
          url: `/api/applications/${oldId}/renew`,
          token: a.token,
          fields: () => ({ remarks: 'Renewing' }),
          files: () => ({
            renewProof: pngPart('proof.png'),
            oldCertificate: {
              filename: 'old.pdf',
              type: 'application/pdf',
              data: Buffer.concat([PDF, Buffer.from('%%EOF')]),
            },
          }),
          attack: ['renewProof', 'oldCertificate'],
          repeatable: false,
        },
        {
          key: 'POST /api/applications/{id}/payments',
          url: `/api/applications/${toPay}/payments`,
          token: admin,
          fields: () => ({
            amount: (bill / 100).toFixed(2),
            receiptNo: `FUZZ-${process.pid}-${++receipt}`,
            paidDate: new Date().toISOString().slice(0, 10),
            channel: 'counter',
          }),
          files: () => ({ receipt: pngPart('receipt.png') }),
          attack: ['receipt'],
          repeatable: false,
        },
        {
          // counter filing (issue 19 §4): the walk-in applicant's scans, uploaded by staff
          key: 'POST /api/counter/applicants/{id}/documents',
          url: `/api/counter/applicants/${a.id}/documents`,
          token: admin,
          fields: () => ({}),
          files: () => ({ photo: jpegPart('me.jpg'), citizenship: pngPart('id.png') }),
          attack: ['photo', 'citizenship'],
          repeatable: true,
        },
        {
          key: 'POST /api/counter/applicants/{id}/applications',
          url: `/api/counter/applicants/${a.id}/applications`,
          token: admin,
          fields: () => text(validFields(w1)),
          files: docs,
          attack: ['doc_rent-agreement', 'doc_lalpurja'],
          repeatable: true,
        },
        {
          // the palika's emblem (issue 17 §6): PNG or JPEG only, 1 MiB at most
          key: 'POST /api/settings/emblem',
          url: '/api/settings/emblem',
          token: admin,
          fields: () => ({}),
          files: () => ({ emblem: pngPart('emblem.png') }),
          attack: ['emblem'],
          repeatable: true,
        },
      ];
      // every route the document says takes a file is covered here
      const withFiles = [...ops.values()].filter((o) => o.body.fileFields.length).map((o) => o.key);
      const covered = new Set(targets.map((x) => x.key));
      expect(withFiles.filter((k) => !covered.has(k))).toEqual([]);

      const problems: string[] = [];
      for (const target of targets) {
        const started = performance.now();
        if (target.repeatable) problems.push(...(await control(target)));
        for (const field of target.attack) problems.push(...(await attackField(target, field)));
        if (!target.repeatable) problems.push(...(await control(target)));
        stats.route(target.key, performance.now() - started);
      }
      console.log(stats.report('upload fuzz'));
      for (const p of problems) console.error(`upload fuzz FAILED ${p}`);
      expect(problems.slice(0, 20)).toEqual([]);
    },
  );
});
