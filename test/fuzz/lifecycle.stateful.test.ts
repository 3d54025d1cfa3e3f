/**
 * Stateful fuzzing of the registration lifecycle (issue 16 §5). fast-check runs random
 * sequences (≤ 15 steps) of what applicants and staff do — register (also with a taken
 * username or phone, and two registrations of one new username at once), sign in (right and
 * wrong password), submit (also with one Idempotency-Key sent twice at once, or again later),
 * verify, reject, resubmit (edit or resubmit action), counter payment, approve, cancel or
 * terminate, submit and accept an old paper registration (paper numbers, numbers in the current
 * fiscal year's form, Devanagari digits), renew (the clock brings the expiry near; sometimes the
 * renewal is verified, paid and approved in the same step) and download the certificate PDF —
 * most of them as 2–3 copies at once (Promise.all), on the same or on different applications.
 *
 * Each sequence starts on a fresh copy of the seeded database (so a sequence is replayable and
 * shrinks on its own, whatever an earlier one left behind) with one applicant holding an
 * approved registration (1/<current year>) and a paid application. After every step the
 * answers and the database are checked:
 *
 * - no answer is a 5xx (route and body are listed);
 * - what is legal succeeds and what is not never does: on each application an action legal in
 *   its status succeeds exactly once among copies sent at once (the others answer 409), an
 *   illegal one never; a due registration renews once; submissions, registrations of a new
 *   username (of two at once: one), old numbers not yet in the system, the certificate of an
 *   approved registration and the right password (before any wrong one) succeed; a taken
 *   username or phone never makes an account, a wrong password never opens a session;
 * - every application is one a 201 answer handed out: no duplicates, and one Idempotency-Key
 *   never makes two applications (nor two stored keys);
 * - a new registration has a registration number exactly when it was approved (approved, or
 *   cancelled after approval), that number is `<serial>/<slug of its fiscal year>`, approval
 *   happens at most once per application; a renewal request never has a number of its own and
 *   an accepted old registration carries its paper number;
 * - registration numbers are unique, also read with Latin digits and without leading zeros;
 * - per fiscal year, every serial 1..last of `registration_counters` is held exactly once: by a
 *   number the counter handed out (applications.registration_serial) or by an old paper number
 *   of that year's form the counter had to move past — gapless, no serial beyond the counter;
 * - a registration's number never changes once given (renewals keep it) and every certificate
 *   carries the current number of its registration;
 * - usernames (any case) and phones are unique among accounts; at most one open renewal per
 *   registration.
 *
 * Env: FUZZ_STATEFUL_RUNS sequences (default 25 for a developer's run: 40 s on PGlite on an idle
 * 2-core machine, up to 2 minutes on a busy one, most of it loading a fresh database per
 * sequence; CI should set 200 or more — on PostgreSQL (DATABASE_URL) 200 take about 3 minutes),
 * FUZZ_SEED (printed at the start), FUZZ_PATH and FUZZ_REPLAY (the counterexample's path and
 * replayPath, printed with a failure, ready to paste) replay a shrunk sequence.
 * FUZZ_STATEFUL_KNOWN=0 leaves out the command variants that reach the server bugs known from
 * issue 16 (marked `[known]` in a sequence); by default (1) they are in.
 */
import fc from 'fast-check';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayAd } from '../../src/shared/bs-date.js';
import { toLatinDigits, toNepaliDigits } from '../../src/shared/format.js';
import {
  applicationHistory,
  applications,
  certificates,
  fiscalYears,
  idempotencyKeys,
  registrationCounters,
  users,
} from '../../src/server/db/schema.js';
import type { PdfRenderer } from '../../src/server/modules/certificates/index.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed.js';
import { auth, buildTestApp, multipart, readFixture } from '../server/helper.js';
import type { TestContext } from '../server/helper.js';
import { lastOtp, nextReceipt, profileFiles, validFields, validFiles } from '../server/fixtures.js';

// Hundreds of requests a minute from one address: the per-IP limits are not under test here.
// The login and code limits are read when the routes are imported, hence hoisted.
vi.hoisted(() => {
  process.env.RATE_LIMIT_MAX = '10000000';
  process.env.RATE_LIMIT_LOGIN = '10000000';
  process.env.RATE_LIMIT_OTP = '10000000';
});

/** Sequences per run: 25 for developers; CI should set FUZZ_STATEFUL_RUNS to 200 or more. */
const RUNS = Number(process.env.FUZZ_STATEFUL_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const PATH = process.env.FUZZ_PATH;
const REPLAY = process.env.FUZZ_REPLAY;
/** Include the command variants that hit the server bugs known from issue 16 (default on). */
const KNOWN = process.env.FUZZ_STATEFUL_KNOWN !== '0';
const MAX_COMMANDS = 15;
const PASSWORD = 'Secret123';

type Files = Record<string, { filename: string; data: Buffer; type?: string }>;
type Fields = Record<string, string | number | undefined>;

/** Printing is not under test: a PDF renderer that answers at once, without Chromium. */
const fakePdf = {
  render: async () => Buffer.from('%PDF-1.4\n%fuzz\n%%EOF\n'),
  close: async () => undefined,
} as unknown as PdfRenderer;

let docFiles: Files;
let scanFile: Files[string];
beforeAll(async () => {
  docFiles = await validFiles();
  scanFile = {
    filename: 'scan.png',
    data: await readFixture('citizenship.png'),
    type: 'image/png',
  };
});

/** The system under test for one sequence: its own app on its own database copy. */
interface World {
  t: TestContext;
  staff: { ward1: string; admin: string };
  ward: number;
  fy: { id: number; slug: string; startDate: string; endDate: string };
}

interface Person {
  id: number;
  username: string;
  phone: string;
  token: string;
  /** wrong passwords tried on this account (after one, a lockout may answer) */
  wrong: number;
}

/** An application a 201 answer handed out, and the form it was submitted with. */
interface Known {
  id: number;
  ownerId: number;
  fields: Fields;
}

interface KeyUse {
  key: string;
  userId: number;
  fields: Fields;
  /** ids of the 201 answers sent for this key */
  ids: number[];
}

interface Model {
  people: Person[];
  apps: Known[];
  keys: KeyUse[];
  /** registration numbers once given, by application id: they never change */
  numbers: Map<number, string>;
  /** 5xx answers: route and body */
  fives: string[];
  /** broken promises of a step: an action that had to succeed was refused, or the reverse */
  bad: string[];
  /** counter for usernames, phones, business names and keys (fresh database per sequence) */
  next: number;
}

/** Answers by route and status over the whole run, printed at its end. */
const tally = new Map<string, Map<number, number>>();

function seen(m: Model, label: string, opts: InjectOptions, res: LightMyRequestResponse) {
  const byStatus = tally.get(label) ?? new Map<number, number>();
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  tally.set(label, byStatus);
  if (res.statusCode >= 500)
    m.fives.push(
      `${label}: ${opts.method} ${opts.url} → ${res.statusCode} ${res.body.slice(0, 400)}`,
    );
  return res;
}

async function call(m: Model, w: World, label: string, opts: InjectOptions) {
  return seen(m, label, opts, await w.t.app.inject(opts));
}

/** A JSON POST to a public route (they take JSON or urlencoded bodies, issue 16 §3). */
const post = (url: string, payload: Fields): InjectOptions => ({ method: 'POST', url, payload });

/** A multipart POST as the browser client sends it. */
function form(
  token: string | null,
  url: string,
  fields: Fields,
  files: Files = {},
  headers: Record<string, string> = {},
): InjectOptions {
  const mp = multipart(fields, files);
  return {
    method: 'POST',
    url,
    payload: mp.payload,
    headers: { ...mp.headers, ...(token ? auth(token) : {}), ...headers },
  };
}

const many = <T>(n: number, f: (k: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, k) => f(k)));

const personOf = (m: Model, userId: number) => m.people.find((p) => p.id === userId);

type Want = 'one' | 'some' | 'all' | 'none';

/**
 * Notes a broken promise of a step when not `want` (exactly one, at least one, all, none) of
 * `answers` has a status in `ok`; refusals are listed with their body.
 */
function expectAnswers(
  m: Model,
  what: string,
  answers: LightMyRequestResponse[],
  ok: number[],
  want: Want,
) {
  const good = answers.filter((a) => ok.includes(a.statusCode)).length;
  const fine =
    want === 'one'
      ? good === 1
      : want === 'some'
        ? good >= 1
        : want === 'all'
          ? good === answers.length
          : good === 0;
  if (fine || !answers.length) return;
  const got = answers
    .map((a) => `${a.statusCode}${ok.includes(a.statusCode) ? '' : ` ${a.body.slice(0, 200)}`}`)
    .join(' | ');
  m.bad.push(
    `${what}: ${want === 'none' ? 'none' : want} of ${answers.length} should succeed, got ${got}`,
  );
}

/** The applications as they are now, by id. */
async function rows(w: World) {
  return w.t.database.db
    .select({
      id: applications.id,
      status: applications.appStatus,
      userId: applications.userId,
      isRenewal: applications.isRenewal,
      isOld: applications.isOldRegistration,
      renewalOfId: applications.renewalOfId,
      expiryDate: applications.expiryDate,
      registrationNo: applications.registrationNo,
      oldNo: applications.oldRegistrationNo,
    })
    .from(applications)
    .orderBy(applications.id);
}
type Row = Awaited<ReturnType<typeof rows>>[number];

const describeRow = (r: Row) =>
  `application ${r.id} (${r.isRenewal ? `renewal of ${r.renewalOfId}` : r.isOld ? 'old' : 'new'}, ${r.status})`;

/**
 * `n` targets from the applications `fits` prefers (all of them when none fits, so an illegal
 * action is tried too): the `i`-th, and with `distinct` the ones after it, else `i`-th again.
 */
function targets(all: Row[], i: number, fits: (r: Row) => boolean, n = 1, distinct = false) {
  const preferred = all.filter(fits);
  const pool = preferred.length ? preferred : all;
  if (!pool.length) return [];
  return Array.from({ length: n }, (_, k) => pool[(i + (distinct ? k : 0)) % pool.length]);
}

// ---------------------------------------------------------------- accounts

/** Registration step 1 (the code to the phone). */
function requestCode(m: Model, w: World, details: Fields) {
  return call(m, w, 'register code', post('/api/register/otp', details));
}

/** Registration step 2 with the code last sent to the phone; a new person on 201. */
async function completeRegistration(m: Model, w: World, details: Fields) {
  const code = await lastOtp(w.t, String(details.phone)).catch(() => '000000');
  const res = await call(m, w, 'register', post('/api/register', { ...details, otp: code }));
  if (res.statusCode !== 201) return res;
  const body = res.json().data;
  const person: Person = {
    id: body.user.id,
    username: String(details.username),
    phone: String(details.phone),
    token: body.token,
    wrong: 0,
  };
  const mp = multipart({}, await profileFiles());
  const up = await call(m, w, 'profile documents', {
    method: 'POST',
    url: '/api/profiles/documents',
    payload: mp.payload,
    headers: { ...mp.headers, ...auth(person.token) },
  });
  expectAnswers(m, `profile documents of ${person.username}`, [up], [200], 'all');
  m.people.push(person);
  return res;
}

function newDetails(m: Model, over: Partial<Record<'username' | 'phone', string>> = {}) {
  const k = ++m.next;
  return {
    name: `Fuzz Person ${k}`,
    username: `fuzz${k}`,
    phone: `98${String(10_000_000 + k * 7919).slice(-8)}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    gender: 'female',
    ...over,
  };
}

type RegisterVariant = 'new' | 'takenUsername' | 'takenPhone' | 'twin';

class RegisterApplicant implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly variant: RegisterVariant,
    readonly copies: number,
    readonly who: number,
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    if (this.variant === 'twin') {
      // two registrations of one new username at the same moment, from two phones
      const a = newDetails(m);
      const b = newDetails(m, { username: a.username });
      const codes = await Promise.all([requestCode(m, w, a), requestCode(m, w, b)]);
      const sent = [a, b].filter((_, k) => codes[k].statusCode === 200);
      const done = await Promise.all(sent.map((d) => completeRegistration(m, w, d)));
      // one account for the username, whoever is first
      if (sent.length === 2)
        expectAnswers(m, `twin registrations of ${a.username}`, done, [201], 'one');
      return;
    }
    const taken = m.people[this.who % m.people.length];
    await many(this.copies, async () => {
      const d =
        this.variant === 'takenUsername'
          ? newDetails(m, { username: taken.username.toUpperCase() })
          : this.variant === 'takenPhone'
            ? newDetails(m, { phone: taken.phone })
            : newDetails(m);
      // a taken username or phone may be refused at either step; it never makes an account
      const code = await requestCode(m, w, d);
      if (this.variant === 'new') expectAnswers(m, `code for ${d.username}`, [code], [200], 'all');
      if (code.statusCode !== 200) return;
      const done = await completeRegistration(m, w, d);
      expectAnswers(
        m,
        `registration of ${d.username} (${this.variant})`,
        [done],
        [201],
        this.variant === 'new' ? 'all' : 'none',
      );
    });
  }
  toString = () =>
    `Register(${this.variant}${this.variant === 'twin' ? ' [known]' : ''}, ×${this.copies})`;
}

class SignIn implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly who: number,
    readonly right: boolean,
    readonly byPhone: boolean,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.people.length > 0;
  async run(m: Model, w: World) {
    const p = m.people[this.who % m.people.length];
    if (!this.right) p.wrong += this.copies;
    const answers = await many(this.copies, () =>
      call(
        m,
        w,
        'login',
        post('/api/login', {
          username: this.byPhone ? p.phone : p.username,
          password: this.right ? PASSWORD : 'Wrong1234',
        }),
      ),
    );
    const what = `sign-in of ${p.username} with the ${this.right ? 'right' : 'wrong'} password`;
    // the right password opens a session, at least until a wrong one may have locked it
    if (!this.right) expectAnswers(m, what, answers, [200], 'none');
    else if (p.wrong === 0) expectAnswers(m, what, answers, [200], 'all');
    for (const res of answers) {
      if (res.statusCode !== 200 || !this.right) continue;
      // the session is that person's: later steps use it
      const token = res.json().data.token as string;
      const me = await call(m, w, 'profile', {
        method: 'GET',
        url: '/api/profiles',
        headers: auth(token),
      });
      if (me.statusCode !== 200 || me.json().data.username !== p.username)
        m.bad.push(
          `sign-in of ${p.username}: the new session answers ${me.statusCode} ${me.body.slice(0, 200)}`,
        );
      else p.token = token;
    }
  }
  toString = () =>
    `SignIn(person${this.who}, ${this.right ? 'right' : 'wrong'} password${this.byPhone ? ', by phone' : ''}, ×${this.copies})`;
}

// ---------------------------------------------------------------- intake

function remember(m: Model, res: LightMyRequestResponse, ownerId: number, fields: Fields) {
  if (res.statusCode !== 201) return null;
  const id = res.json().data.id as number;
  if (!m.apps.some((a) => a.id === id)) m.apps.push({ id, ownerId, fields });
  return id;
}

class Submit implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly who: number,
    readonly key: 'none' | 'fresh' | 'again',
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.people.length > 0;
  async run(m: Model, w: World) {
    const p = m.people[this.who % m.people.length];
    let use: KeyUse | undefined;
    if (this.key === 'again') use = m.keys.filter((k) => k.userId === p.id).at(-1);
    if (this.key === 'fresh' || (this.key === 'again' && !use)) {
      const k = ++m.next;
      use = {
        key: `fuzz-key-${k}`,
        userId: p.id,
        fields: validFields(w.ward, { businessName: `Fuzz Shop ${k}` }),
        ids: [],
      };
      m.keys.push(use);
    }
    const answers = await many(this.copies, async () => {
      const fields = use?.fields ?? validFields(w.ward, { businessName: `Fuzz Shop ${++m.next}` });
      const headers: Record<string, string> = use ? { 'idempotency-key': use.key } : {};
      const res = await call(
        m,
        w,
        'submit',
        form(p.token, '/api/applications', fields, docFiles, headers),
      );
      const id = remember(m, res, p.id, fields);
      if (id !== null && use) use.ids.push(id);
      return res;
    });
    // a key still in flight may be a 409; the others answer the one application
    expectAnswers(m, `submission by ${p.username}`, answers, [201], use ? 'some' : 'all');
  }
  toString = () =>
    `Submit(person${this.who}, ${this.key === 'none' ? 'no key' : this.key === 'fresh' ? 'new key' : 'last key again'}, ×${this.copies})`;
}

/** Paper numbers as palikas wrote them (n picks one). */
const PAPER_NUMBERS = ['12/2080-81', '456/075-76', '7/2079-80'];
type OldNumber = { year: 'paper' | 'current'; deva: boolean; n: number };

/** An old paper registration number: `12/2080-81`-like, or in the current year's form. */
function oldNumber(w: World, o: OldNumber) {
  const latin = o.year === 'current' ? `${o.n}/${w.fy.slug}` : PAPER_NUMBERS[(o.n - 1) % 3];
  return o.deva ? toNepaliDigits(latin) : latin;
}

/** Registration numbers held now, as read (normalNo). */
const heldNumbers = (all: Row[]) =>
  new Set(all.filter((r) => r.registrationNo).map((r) => normalNo(r.registrationNo!)));

class SubmitOld implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly who: number,
    readonly number: OldNumber,
    readonly copies: number,
    readonly accept: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.people.length > 0;
  async run(m: Model, w: World) {
    const p = m.people[this.who % m.people.length];
    const number = oldNumber(w, this.number);
    const fields = validFields(w.ward, {
      businessName: `Fuzz Old Shop ${++m.next}`,
      isOldRegistration: '1',
      oldRegistrationNo: number,
      oldRegistrationDate: this.number.year === 'current' ? w.fy.startDate : '2022-08-01',
    });
    const taken = heldNumbers(await rows(w)).has(normalNo(number));
    const answers = await many(this.copies, async () => {
      const res = await call(
        m,
        w,
        'submit old',
        form(p.token, '/api/applications', fields, { ...docFiles, oldCertificate: scanFile }),
      );
      remember(m, res, p.id, fields);
      return res;
    });
    // a number already in the system is refused (422 on oldRegistrationNo), any other taken in
    expectAnswers(m, `old registration ${number}`, answers, [201], taken ? 'none' : 'all');
    const created = answers.find((a) => a.statusCode === 201);
    if (!this.accept || !created) return;
    // staff check the scan and accept it at once
    const all = await rows(w);
    const r = all.filter((x) => x.id === created.json().data.id);
    await fireAll(m, w, 'accept', all, r);
  }
  toString = () => {
    const o = this.number;
    const known = o.year === 'current' || o.deva ? ' [known]' : '';
    const number = o.year === 'current' ? `${o.n}/<current year>` : PAPER_NUMBERS[(o.n - 1) % 3];
    return `SubmitOld(person${this.who}, ${number}${o.deva ? ' in Devanagari' : ''}${known}, ×${this.copies}${this.accept ? ', then accept' : ''})`;
  };
}

// ---------------------------------------------------------------- staff and applicant actions

type Action = 'verify' | 'reject' | 'pay' | 'approve' | 'accept' | 'cancel' | 'terminate';

/** Where each action is legal (src/shared/lifecycle.ts and access.ts kindBlock). */
const LEGAL: Record<Action, (r: Row) => boolean> = {
  verify: (r) => r.status === 'pending' && !(r.isOld && !r.isRenewal),
  reject: (r) => r.status === 'pending' || r.status === 'verified',
  pay: (r) => r.status === 'verified',
  approve: (r) => r.status === 'paid',
  accept: (r) => r.status === 'pending' && r.isOld && !r.isRenewal,
  cancel: (r) => ['pending', 'verified', 'rejected'].includes(r.status),
  terminate: (r) => r.status === 'approved',
};
/** Which applications an action prefers: the legal ones (terminate: registrations). */
const FITS: Record<Action, (r: Row) => boolean> = {
  ...LEGAL,
  terminate: (r) => r.status === 'approved' && !r.isRenewal,
};

/** Fires `action` on application `r` as the one who does it; answers the response. */
async function fire(m: Model, w: World, action: Action, r: Row, opt: { soon?: boolean } = {}) {
  let token: string;
  let path: string = action;
  let fields: Fields = {};
  let files: Files = {};
  switch (action) {
    case 'verify':
      token = w.staff.ward1;
      break;
    case 'reject':
      token = w.staff.ward1;
      fields = { remarks: 'Fuzz: the citizenship scan is unreadable' };
      break;
    case 'pay': {
      token = w.staff.ward1;
      path = 'payments';
      const d = await call(m, w, 'detail', {
        method: 'GET',
        url: `/api/applications/${r.id}`,
        headers: auth(token),
      });
      const total = d.statusCode === 200 ? ((d.json().data?.bill?.total as number) ?? 0) : 0;
      fields = {
        amount: (total / 100).toFixed(2),
        receiptNo: nextReceipt(),
        paidDate: todayAd(),
        channel: 'counter',
      };
      files = { receipt: scanFile };
      break;
    }
    case 'approve':
      token = w.staff.admin;
      break;
    case 'accept':
      token = w.staff.admin;
      // by default valid to the end of its year (long expired); or expiring in ten days
      if (opt.soon) fields = { expiryDate: addDays(todayAd(), 10) };
      break;
    case 'cancel':
      token = personOf(m, r.userId)?.token ?? w.staff.admin;
      break;
    case 'terminate':
      token = w.staff.admin;
      fields = { remarks: 'Fuzz: the business has closed' };
      break;
  }
  const label = action === 'pay' ? 'counter payment' : action;
  return call(m, w, label, form(token, `/api/applications/${r.id}/${path}`, fields, files));
}

function addDays(ad: string, days: number) {
  const t = new Date(`${ad}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/**
 * Fires `action` on `ts` at once (a target may repeat) and notes what must have happened: on
 * each target where the action is legal exactly one of its copies succeeds (the others find
 * the status moved: 409), where it is illegal none does. Exceptions: a renewal whose
 * registration is no longer approved, or that extends into the next fiscal year (which the
 * seed may lack), may be refused; of old registrations with one paper number only one is
 * accepted, and none when the number is already a registration.
 */
async function fireAll(m: Model, w: World, action: Action, all: Row[], ts: Row[], soon = false) {
  const answers = await Promise.all(ts.map((r) => fire(m, w, action, r, { soon })));
  const held = heldNumbers(all);
  const byTarget = new Map<number, LightMyRequestResponse[]>();
  ts.forEach((r, k) => byTarget.set(r.id, [...(byTarget.get(r.id) ?? []), answers[k]]));
  const byNumber = new Map<string, LightMyRequestResponse[]>();
  for (const [id, list] of byTarget) {
    const r = all.find((x) => x.id === id)!;
    const what = `${action} of ${describeRow(r)}`;
    if (!LEGAL[action](r)) {
      expectAnswers(m, what, list, [200], 'none');
      continue;
    }
    if (action === 'accept') {
      const no = normalNo(r.oldNo ?? '');
      byNumber.set(no, [...(byNumber.get(no) ?? []), ...list]);
      continue;
    }
    if (action === 'approve' && r.isRenewal) {
      const reg = all.find((x) => x.id === r.renewalOfId);
      if (reg?.status !== 'approved' || !reg.expiryDate || reg.expiryDate >= w.fy.endDate) continue;
    }
    expectAnswers(m, what, list, [200], 'one');
  }
  for (const [no, list] of byNumber)
    expectAnswers(
      m,
      `accept of old registration ${no}`,
      list,
      [200],
      held.has(no) ? 'none' : 'one',
    );
  return answers;
}

class Transition implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly action: Action,
    readonly i: number,
    readonly copies: number,
    readonly distinct: boolean,
    readonly soon = false,
  ) {}
  check = (m: Readonly<Model>) => m.apps.length > 0;
  async run(m: Model, w: World) {
    const all = await rows(w);
    const ts = targets(all, this.i, FITS[this.action], this.copies, this.distinct);
    await fireAll(m, w, this.action, all, ts, this.soon);
  }
  toString = () =>
    `${this.action}(#${this.i}${this.copies > 1 ? `, ×${this.copies} ${this.distinct ? 'different' : 'same'}` : ''}${this.soon ? ', expiring in 10 days' : ''})`;
}

class Resubmit implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly i: number,
    readonly viaEdit: boolean,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.apps.length > 0;
  async run(m: Model, w: World) {
    const [r] = targets(await rows(w), this.i, (x) => x.status === 'rejected');
    if (!r) return;
    const owner = personOf(m, r.userId);
    if (!owner) return;
    // the photo and citizenship come from the owner's profile; the seed requires no other
    // document on edits, so an edit (of a renewal too) sends the form alone
    const fields = m.apps.find((a) => a.id === r.id)?.fields ?? validFields(w.ward);
    const files: Files = {};
    const answers = await many(this.copies, () =>
      this.viaEdit
        ? call(m, w, 'edit', form(owner.token, `/api/applications/${r.id}`, fields, files))
        : call(m, w, 'resubmit', form(owner.token, `/api/applications/${r.id}/resubmit`, {})),
    );
    // the applicant's edit of a rejected application resubmits it (a later copy may edit the
    // pending one); the resubmit action works once
    const what = `${this.viaEdit ? 'edit' : 'resubmit'} of ${describeRow(r)}`;
    if (r.status === 'rejected')
      expectAnswers(m, what, answers, [200], this.viaEdit ? 'some' : 'one');
    else if (!this.viaEdit) expectAnswers(m, what, answers, [200], 'none');
  }
  toString = () =>
    `Resubmit(#${this.i}, ${this.viaEdit ? 'edit' : 'resubmit action'}, ×${this.copies})`;
}

type Clock = 'asIs' | 'due' | 'expired';

class Renew implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly i: number,
    readonly clock: Clock,
    readonly through: boolean,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.apps.length > 0;
  async run(m: Model, w: World) {
    let all = await rows(w);
    const isOpen = (x: Row) => x.isRenewal && !['approved', 'cancelled'].includes(x.status);
    const open = new Set(all.filter(isOpen).map((x) => x.renewalOfId));
    const registration = (x: Row) => x.status === 'approved' && !x.isRenewal;
    const [target] = targets(all, this.i, (x) => registration(x) && !open.has(x.id));
    if (!target) return;
    if (this.clock !== 'asIs' && registration(target)) {
      // time passes: the registration's expiry comes near, or lies a year back
      await w.t.database.db
        .update(applications)
        .set({ expiryDate: addDays(todayAd(), this.clock === 'due' ? 10 : -400) })
        .where(eq(applications.id, target.id));
    }
    all = await rows(w);
    const r = all.find((x) => x.id === target.id)!;
    const owner = personOf(m, r.userId);
    if (!owner) return;
    const fields = m.apps.find((a) => a.id === r.id)?.fields ?? validFields(w.ward);
    const answers = await many(this.copies, () =>
      call(
        m,
        w,
        'renew',
        form(
          owner.token,
          `/api/applications/${r.id}/renew`,
          { remarks: 'Fuzz renewal' },
          { renewProof: scanFile, oldCertificate: scanFile },
        ),
      ),
    );
    const ids = answers.map((res) => remember(m, res, owner.id, fields));
    // renewable: an approved registration, expired or expiring within 30 days, none open
    const due = !!r.expiryDate && r.expiryDate <= addDays(todayAd(), 30);
    const renewable = registration(r) && !open.has(r.id) && due;
    expectAnswers(m, `renewal of ${describeRow(r)}`, answers, [201], renewable ? 'one' : 'none');
    const id = ids.find((x) => x !== null);
    if (!this.through || id == null) return;
    // and the renewal goes through: verified, paid at the counter, approved
    for (const action of ['verify', 'pay', 'approve'] as const) {
      const now = await rows(w);
      const [answer] = await fireAll(
        m,
        w,
        action,
        now,
        now.filter((x) => x.id === id),
      );
      if (answer.statusCode !== 200) return;
    }
  }
  toString = () =>
    `Renew(#${this.i}, expiry ${this.clock === 'asIs' ? 'as is' : this.clock === 'due' ? 'in 10 days' : 'a year ago'}${this.through ? ', then verify+pay+approve it' : ''}, ×${this.copies})`;
}

class Certificate implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly i: number,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.apps.length > 0;
  async run(m: Model, w: World) {
    const live = await w.t.database.db
      .select({ id: certificates.applicationId })
      .from(certificates)
      .where(isNull(certificates.revokedAt));
    const withCert = new Set(live.map((c) => c.id));
    const [r] = targets(await rows(w), this.i, (x) => withCert.has(x.id));
    if (!r) return;
    const token = personOf(m, r.userId)?.token ?? w.staff.admin;
    const answers = await many(this.copies, (k) =>
      call(m, w, k ? 'certificate' : 'certificate.pdf', {
        method: 'GET',
        url: `/api/applications/${r.id}/certificate${k ? '' : '.pdf'}`,
        headers: auth(token),
      }),
    );
    // the owner of a registration with a certificate can always print it
    if (withCert.has(r.id) && r.status === 'approved')
      expectAnswers(m, `certificate of ${describeRow(r)}`, answers, [200], 'all');
  }
  toString = () => `Certificate(#${this.i}, pdf${this.copies > 1 ? ' and view' : ''})`;
}

// ---------------------------------------------------------------- the generators

const copies = fc.constantFrom(1, 1, 2, 3);
const idx = fc.nat(7);

/** The command generators; a command listed twice is drawn twice as often. */
const commands = [
  fc
    .tuple(
      fc.constantFrom<RegisterVariant>(
        'new',
        'takenUsername',
        'takenPhone',
        ...(KNOWN ? (['twin'] as const) : []),
      ),
      copies,
      idx,
    )
    .map(([v, c, who]) => new RegisterApplicant(v, c, who)),
  fc
    .tuple(idx, fc.boolean(), fc.boolean(), copies)
    .map(([who, right, phone, c]) => new SignIn(who, right, phone, c)),
  fc
    .tuple(idx, fc.constantFrom('none' as const, 'fresh' as const, 'again' as const), copies)
    .map(([who, key, c]) => new Submit(who, key, c)),
  fc
    .tuple(idx, fc.constantFrom('none' as const, 'fresh' as const), copies)
    .map(([who, key, c]) => new Submit(who, key, c)),
  ...[0, 1].map(() =>
    fc
      .tuple(
        idx,
        fc.record({
          year: KNOWN
            ? fc.constantFrom('paper' as const, 'current' as const)
            : fc.constant('paper' as const),
          deva: KNOWN ? fc.boolean() : fc.constant(false),
          // 1/<current year> is the setup's registration; 2, 3 the counter's next ones
          n: fc.constantFrom(1, 2, 2, 3),
        }),
        copies,
        fc.constantFrom(true, true, false),
      )
      .map(([who, n, c, accept]) => new SubmitOld(who, n, c, accept)),
  ),
  ...(
    [
      ...['verify', 'verify', 'reject', 'reject', 'pay', 'pay'],
      ...['approve', 'approve', 'accept', 'accept'],
    ] as const
  ).map((action) =>
    fc
      .tuple(idx, copies, fc.boolean(), fc.boolean())
      .map(([i, c, d, soon]) => new Transition(action, i, c, d, action === 'accept' && soon)),
  ),
  fc
    .tuple(idx, fc.boolean(), fc.constantFrom('cancel' as const, 'terminate' as const))
    .map(([i, c, a]) => new Transition(a, i, c ? 2 : 1, false)),
  ...[0, 1].map(() =>
    fc.tuple(idx, fc.boolean(), copies).map(([i, e, c]) => new Resubmit(i, e, c)),
  ),
  ...[0, 1].map(() =>
    fc
      .tuple(
        idx,
        fc.constantFrom<Clock>('due', 'expired', 'due', 'asIs'),
        fc.boolean(),
        fc.constantFrom(1, 1, 2),
      )
      .map(([i, clock, through, c]) => new Renew(i, clock, through, c)),
  ),
  fc.tuple(idx, fc.constantFrom(1, 2)).map(([i, c]) => new Certificate(i, c)),
];

// ---------------------------------------------------------------- the invariants

/** Reads a registration number as a person would: Latin digits, serial without leading zeros. */
function normalNo(no: string) {
  return toLatinDigits(no)
    .trim()
    .replace(/^0+(?=\d)/, '');
}

async function checkWorld(m: Model, w: World) {
  if (m.fives.length) throw new Error(`answers ≥ 500:\n  ${m.fives.join('\n  ')}`);
  const problems = [...m.bad];
  const db = w.t.database.db;
  const apps = await db.select().from(applications).orderBy(applications.id);
  const approvals = await db
    .select({ id: applicationHistory.applicationId, action: applicationHistory.action })
    .from(applicationHistory)
    .where(inArray(applicationHistory.action, ['approve', 'accept']));
  const approvedOnce = new Map<number, number>();
  for (const a of approvals) approvedOnce.set(a.id, (approvedOnce.get(a.id) ?? 0) + 1);
  const slugs = new Map(
    (await db.select({ id: fiscalYears.id, slug: fiscalYears.slug }).from(fiscalYears)).map((f) => [
      f.id,
      f.slug,
    ]),
  );

  // every application is one a 201 handed out
  const known = new Set(m.apps.map((a) => a.id));
  for (const a of apps)
    if (!known.has(a.id)) problems.push(`application ${a.id} (${a.appStatus}) no answer gave out`);

  for (const a of apps) {
    const tag = `application ${a.id} (${a.isRenewal ? 'renewal' : a.isOldRegistration ? 'old' : 'new'}, ${a.appStatus})`;
    const times = approvedOnce.get(a.id) ?? 0;
    if (times > 1) problems.push(`${tag} approved ${times} times`);
    if (a.isRenewal) {
      if (a.registrationNo || a.registrationSerial)
        problems.push(`${tag} has a registration number of its own: ${a.registrationNo}`);
      continue;
    }
    const given = a.appStatus === 'approved' || (a.appStatus === 'cancelled' && times > 0);
    if (!given) {
      if (a.registrationNo || a.registrationSerial)
        problems.push(`${tag} has registration number ${a.registrationNo} without approval`);
      continue;
    }
    if (!a.registrationNo) {
      problems.push(`${tag} has no registration number`);
      continue;
    }
    if (a.isOldRegistration) {
      if (normalNo(a.registrationNo) !== normalNo(a.oldRegistrationNo ?? ''))
        problems.push(`${tag} is ${a.registrationNo}, its paper number ${a.oldRegistrationNo}`);
    } else {
      const slug = slugs.get(a.registrationFiscalYearId ?? -1);
      if (a.registrationSerial == null || !slug)
        problems.push(`${tag} ${a.registrationNo} has no serial or fiscal year`);
      else if (a.registrationNo !== `${a.registrationSerial}/${slug}`)
        problems.push(`${tag} is ${a.registrationNo}, its serial ${a.registrationSerial}/${slug}`);
    }
    const before = m.numbers.get(a.id);
    if (before !== undefined && before !== a.registrationNo)
      problems.push(`${tag}: its number changed from ${before} to ${a.registrationNo}`);
    m.numbers.set(a.id, a.registrationNo);
  }
  for (const [id, no] of m.numbers)
    if (!apps.some((a) => a.id === id && a.registrationNo === no))
      problems.push(`application ${id} lost its registration number ${no}`);

  // unique numbers, as written and as read
  const byNumber = new Map<string, number[]>();
  for (const a of apps.filter((x) => x.registrationNo)) {
    const k = normalNo(a.registrationNo!);
    byNumber.set(k, [...(byNumber.get(k) ?? []), a.id]);
  }
  for (const [no, ids] of byNumber)
    if (ids.length > 1) problems.push(`registration number ${no} held by ${ids.join(', ')}`);

  // gapless per fiscal year: serials 1..last each held once, by the counter or a paper number
  const counters = await db.select().from(registrationCounters);
  const fyIds = new Set([
    ...counters.map((c) => c.fiscalYearId),
    ...apps.filter((a) => a.registrationSerial != null).map((a) => a.registrationFiscalYearId!),
  ]);
  for (const fyId of fyIds) {
    const slug = slugs.get(fyId) ?? '?';
    const last = counters.find((c) => c.fiscalYearId === fyId)?.lastSerial ?? 0;
    const holders = new Map<number, string[]>();
    const hold = (serial: number, who: string) =>
      holders.set(serial, [...(holders.get(serial) ?? []), who]);
    for (const a of apps)
      if (a.registrationSerial != null && a.registrationFiscalYearId === fyId)
        hold(a.registrationSerial, `application ${a.id} (counter)`);
    for (const a of apps) {
      if (a.registrationSerial != null || !a.registrationNo) continue;
      const match = /^(\d+)\/(.+)$/.exec(normalNo(a.registrationNo));
      if (match && match[2] === slug && Number(match[1]) <= last)
        hold(Number(match[1]), `application ${a.id} (paper ${a.registrationNo})`);
    }
    for (let s = 1; s <= last; s++) {
      const h = holders.get(s) ?? [];
      if (h.length !== 1)
        problems.push(`fiscal year ${slug}: serial ${s} of 1..${last} held by [${h.join(', ')}]`);
    }
    for (const s of holders.keys())
      if (s < 1 || s > last)
        problems.push(`fiscal year ${slug}: serial ${s} beyond the counter's ${last}`);
  }

  // certificates carry their registration's current number; an approval issued one
  const certs = await db.select().from(certificates);
  for (const a of apps)
    if (!a.isRenewal && !a.isOldRegistration && a.appStatus === 'approved')
      if (!certs.some((c) => c.applicationId === a.id))
        problems.push(`approved application ${a.id} (${a.registrationNo}) has no certificate`);
  for (const c of certs) {
    const a = apps.find((x) => x.id === c.applicationId);
    if (!a || a.isRenewal || a.registrationNo !== c.registrationNo)
      problems.push(
        `certificate ${c.id} (${c.registrationNo}) of application ${c.applicationId} (${a?.registrationNo ?? 'none'})`,
      );
  }

  // one application per Idempotency-Key, and one stored key
  const stored = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, 'applications.create'));
  for (const k of m.keys) {
    const ids = [...new Set(k.ids)];
    if (ids.length > 1)
      problems.push(`Idempotency-Key ${k.key} made applications ${ids.join(', ')}`);
    const rowsOfKey = stored.filter((s) => s.userId === k.userId && s.key === k.key);
    if (rowsOfKey.length > 1) problems.push(`Idempotency-Key ${k.key} stored ${rowsOfKey.length}×`);
    if (ids.length && rowsOfKey.length && rowsOfKey[0].entityId !== ids[0])
      problems.push(
        `Idempotency-Key ${k.key} stored for ${rowsOfKey[0].entityId}, answered ${ids[0]}`,
      );
  }

  // one open renewal per registration
  const openRenewals = new Map<number, number>();
  for (const a of apps)
    if (a.isRenewal && a.renewalOfId && !['approved', 'cancelled'].includes(a.appStatus))
      openRenewals.set(a.renewalOfId, (openRenewals.get(a.renewalOfId) ?? 0) + 1);
  for (const [id, n] of openRenewals)
    if (n > 1) problems.push(`registration ${id} has ${n} renewals in progress`);

  // accounts: a username (any case) and a phone belong to one account
  for (const col of [sql<string>`lower(${users.username})`, sql<string>`${users.phone}`]) {
    const dups = await db
      .select({ v: col, n: sql<number>`count(*)::int` })
      .from(users)
      .where(isNull(users.deletedOn))
      .groupBy(col)
      .having(sql`count(*) > 1`);
    for (const d of dups) problems.push(`${d.n} accounts share ${d.v}`);
  }

  if (problems.length) throw new Error(`invariants broken:\n  ${problems.join('\n  ')}`);
}

// ---------------------------------------------------------------- one sequence's world

/**
 * A fresh app and database with one applicant, their approved registration and their paid
 * application; and its model.
 */
async function newWorld(): Promise<{ world: World; model: Model }> {
  const t = await buildTestApp({ pdf: fakePdf });
  const staffLogin = async (username: string) => {
    const res = await t.app.inject(post('/api/login', { username, password: DEMO_PASSWORD }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const staff = { ward1: await staffLogin('ward1'), admin: await staffLogin('admin') };
  const [fy] = await t.database.db
    .select({
      id: fiscalYears.id,
      slug: fiscalYears.slug,
      startDate: fiscalYears.startDate,
      endDate: fiscalYears.endDate,
    })
    .from(fiscalYears)
    .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)));
  const wards = await t.app.inject({
    method: 'GET',
    url: '/api/wards/all',
    headers: auth(staff.admin),
  });
  const ward = (wards.json().data as { id: number; number: number }[]).find((x) => x.number === 1)!;
  // an old registration of this year's form is dated in this year (before today)
  const startDate = fy.startDate < todayAd() ? fy.startDate : '2022-08-01';
  const world: World = { t, staff, ward: ward.id, fy: { ...fy, startDate } };
  const model: Model = {
    people: [],
    apps: [],
    keys: [],
    numbers: new Map(),
    fives: [],
    bad: [],
    next: 0,
  };
  const d = newDetails(model);
  expect((await requestCode(model, world, d)).statusCode).toBe(200);
  expect((await completeRegistration(model, world, d)).statusCode).toBe(201);
  const p = model.people[0];
  for (const [name, steps] of [
    ['Fuzz Registered Shop', ['verify', 'pay', 'approve']],
    ['Fuzz Paid Shop', ['verify', 'pay']],
  ] as const) {
    const fields = validFields(world.ward, { businessName: name });
    const res = await call(
      model,
      world,
      'submit',
      form(p.token, '/api/applications', fields, docFiles),
    );
    const id = remember(model, res, p.id, fields)!;
    expect(id).toBeGreaterThan(0);
    for (const action of steps) {
      const [r] = (await rows(world)).filter((x) => x.id === id);
      expect((await fire(model, world, action, r)).statusCode).toBe(200);
    }
  }
  expect(model.bad).toEqual([]);
  return { world, model };
}

let current: World | undefined;
afterAll(async () => {
  await current?.t.close();
});

describe('stateful fuzzing of the lifecycle', () => {
  it(`${RUNS} random sequences keep the registration invariants`, { timeout: 0 }, async () => {
    console.log(
      `stateful fuzz: ${RUNS} sequences of ≤ ${MAX_COMMANDS} steps, FUZZ_SEED=${SEED}` +
        (KNOWN ? '' : ' FUZZ_STATEFUL_KNOWN=0'),
    );
    const started = performance.now();
    let sequences = 0;
    let steps = 0;
    let setupMs = 0;
    const property = fc.asyncProperty(
      fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max', replayPath: REPLAY }),
      async (cmds) => {
        sequences++;
        const t0 = performance.now();
        const { world, model } = await newWorld();
        setupMs += performance.now() - t0;
        current = world;
        try {
          const wrapped = [...cmds].map((c) => ({
            check: (mm: Readonly<Model>) => c.check(mm),
            run: async (mm: Model, ww: World) => {
              steps++;
              await c.run(mm, ww);
              await checkWorld(mm, ww);
            },
            toString: () => c.toString(),
          }));
          await fc.asyncModelRun(() => ({ model, real: world }), wrapped);
        } finally {
          current = undefined;
          await world.t.close();
        }
      },
    );
    const details = await fc.check(property, { numRuns: RUNS, seed: SEED, path: PATH, verbose: 1 });
    const s = ((performance.now() - started) / 1000).toFixed(1);
    const answers = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, by]) => `${label} ${[...by].map(([st, n]) => `${st}×${n}`).join(' ')}`)
      .join('; ');
    console.log(
      `stateful fuzz: ${sequences} sequences (setup ${(setupMs / 1000).toFixed(1)} s), ${steps} steps, ${s} s\n  answers: ${answers}`,
    );
    if (details.failed) {
      const replay = /replayPath="([^"]*)"/.exec(String(details.counterexample))?.[1];
      const error = details.errorInstance as Error | undefined;
      const message =
        `${fc.defaultReportMessage(details)}\n` +
        `Error: ${error?.message ?? String(details.errorInstance)}\n` +
        `Replay: FUZZ_STATEFUL_RUNS=${RUNS} FUZZ_SEED=${SEED} FUZZ_PATH='${details.counterexamplePath}'` +
        (replay ? ` FUZZ_REPLAY='${replay}'` : '') +
        (KNOWN ? '' : ' FUZZ_STATEFUL_KNOWN=0') +
        ` npx vitest run --project server test/fuzz/lifecycle.stateful.test.ts`;
      console.error(`stateful fuzz FAILED\n${message}`);
      throw new Error(message);
    }
  });
});
