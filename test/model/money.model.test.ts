/**
 * The money model (issue 15 acceptance): fast-check runs random sequences of what applicants,
 * staff, the gateways and the clock do to two verified applications — start eSewa or Khalti,
 * pay (or not) at the gateway simulator, come back or not, the re-check job, clock jumps past
 * the link's expiry and past 48 hours, counter payments, rejection, the applicant's cancel, an
 * edit with a new bill and re-verification, approval, and a return racing the re-check job —
 * and after every step checks the ledger:
 *
 * - no answer is a 5xx;
 * - per application, a bill is settled exactly when the money credited to it equals its total,
 *   credited money never exceeds a bill, and the application is paid (or approved) exactly
 *   when it has a settled bill;
 * - no attempt is `failed` once the gateway has taken its money;
 * - every payment that moved money is credited, refund due or refunded, and the day's
 *   reconciliation balances: received = credited + refund due + refunded.
 *
 * MODEL_RUNS sequences (CI: 500 on PGlite, 200 on PostgreSQL; a developer's run 40), seed from
 * MODEL_SEED; a failure prints the seed, the path and the shrunk sequence for a replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { todayAd } from '../../src/shared/bs-date.js';
import { applications, bills, payments } from '../../src/server/db/schema.js';
import { auth, type TestContext } from '../server/helper.js';
import {
  act,
  edit,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
  validFields,
  wardId,
} from '../server/fixtures.js';
import type { EsewaSim, KhaltiSim } from '../../scripts/gateway-simulators.js';
import { buildPaymentsTestApp, type PaymentsTestContext } from '../server/gateways.js';

const RUNS = Number(process.env.MODEL_RUNS ?? 40);
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2_147_483_647);
const PATH = process.env.MODEL_PATH;

let ctx: PaymentsTestContext;
let t: TestContext;
let esewa: EsewaSim;
let khalti: KhaltiSim;
let staff: { ward1: string; admin: string };
let applicant: { token: string };
let ward: number;
let keySeq = 0;

beforeAll(async () => {
  // thousands of requests a minute from one address: the per-IP limit is not under test here
  process.env.RATE_LIMIT_MAX = '10000000';
  ctx = await buildPaymentsTestApp();
  ({ t, esewa, khalti } = ctx);
  staff = await staffTokens(t.app);
  applicant = await newApplicant(t.app, 'Model');
  ward = await wardId(t.app, applicant.token, 1);
}, 120_000);
afterAll(async () => ctx?.close());

/** One online attempt as the test knows it. */
interface Attempt {
  paymentId: number;
  app: number;
  channel: 'esewa' | 'khalti';
  form?: { action: string; fields: Record<string, string> };
  pidx?: string;
  /** the callback data eSewa hands the browser once paid */
  data?: string;
  /** the gateway took the money */
  paid: boolean;
}

/** What a sequence has done so far; the system under test decides everything else. */
interface Model {
  apps: number[];
  attempts: Attempt[];
  fives: string[];
}
type Real = TestContext;

/** Records any 5xx of `res` (the first invariant) and answers it. */
function seen(m: Model, what: string, res: LightMyRequestResponse) {
  if (res.statusCode >= 500) m.fives.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

const confirm = (m: Model, a: Attempt) =>
  a.channel === 'esewa'
    ? a.data
      ? t.app
          .inject({
            method: 'POST',
            url: '/api/payments/esewa/confirm',
            headers: auth(applicant.token),
            payload: { applicationId: a.app, data: a.data },
          })
          .then((r) => seen(m, 'confirm esewa', r))
      : Promise.resolve(null)
    : t.app
        .inject({
          method: 'POST',
          url: '/api/payments/khalti/confirm',
          headers: auth(applicant.token),
          payload: { applicationId: a.app, pidx: a.pidx },
        })
        .then((r) => seen(m, 'confirm khalti', r));

const recheck = (m: Model) =>
  t.app
    .inject({ method: 'POST', url: '/api/payments/recheck', headers: auth(staff.admin) })
    .then((r) => seen(m, 'recheck', r));

class StartOnline implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly app: number,
    readonly channel: 'esewa' | 'khalti',
  ) {}
  check = () => true;
  async run(m: Model) {
    const id = m.apps[this.app];
    const res = seen(
      m,
      'pay-online',
      await t.app.inject({
        method: 'POST',
        url: `/api/applications/${id}/pay-online`,
        headers: {
          ...auth(applicant.token),
          'idempotency-key': `model-${process.pid}-${++keySeq}`,
        },
        payload: { channel: this.channel },
      }),
    );
    if (res.statusCode !== 200) return;
    const d = res.json().data;
    m.attempts.push({
      paymentId: d.paymentId,
      app: id,
      channel: this.channel,
      form: d.form,
      pidx: d.redirectUrl ? new URL(d.redirectUrl).searchParams.get('pidx')! : undefined,
      paid: false,
    });
  }
  toString = () => `StartOnline(app${this.app}, ${this.channel})`;
}

class PayAtGateway implements fc.AsyncCommand<Model, Real> {
  constructor(readonly attempt: number) {}
  check = (m: Readonly<Model>) => m.attempts.length > 0;
  async run(m: Model) {
    const a = m.attempts[this.attempt % m.attempts.length];
    if (a.paid) return;
    // A gateway takes no money on an attempt it has closed (Khalti: Expired) or one we closed
    // after 48 hours without a trace (documented limit: docs/payments.md).
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, a.paymentId));
    if (row?.payStatus === 'failed') return;
    if (a.channel === 'khalti') {
      if (!khalti.txns.get(a.pidx!)) return;
      khalti.complete(a.pidx!);
    } else {
      await fetch(a.form!.action, { method: 'POST', body: new URLSearchParams(a.form!.fields) });
      const decided = await fetch(`${esewa.url}/sim/esewa/decide`, {
        method: 'POST',
        body: new URLSearchParams({ uuid: a.form!.fields.transaction_uuid, decision: 'pay' }),
        redirect: 'manual',
      });
      const location = decided.headers.get('location');
      if (!location) return;
      a.data = new URL(location).searchParams.get('data') ?? undefined;
    }
    a.paid = true;
  }
  toString = () => `PayAtGateway(#${this.attempt})`;
}

class Confirm implements fc.AsyncCommand<Model, Real> {
  constructor(readonly attempt: number) {}
  check = (m: Readonly<Model>) => m.attempts.length > 0;
  async run(m: Model) {
    await confirm(m, m.attempts[this.attempt % m.attempts.length]);
  }
  toString = () => `Confirm(#${this.attempt})`;
}

class ConfirmRacingRecheck implements fc.AsyncCommand<Model, Real> {
  constructor(readonly attempt: number) {}
  check = (m: Readonly<Model>) => m.attempts.length > 0;
  async run(m: Model) {
    const a = m.attempts[this.attempt % m.attempts.length];
    await Promise.all([confirm(m, a), confirm(m, a), recheck(m)]);
  }
  toString = () => `ConfirmRacingRecheck(#${this.attempt})`;
}

class RecheckTick implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model) {
    await recheck(m);
  }
  toString = () => 'RecheckTick';
}

class ClockJump implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = (m: Readonly<Model>) => m.attempts.length > 0;
  async run(m: Model) {
    // the attempts of this sequence grow older; their next check is due at once
    const ms = this.minutes * 60_000;
    await t.database.db
      .update(payments)
      .set({
        createdAt: sql`${payments.createdAt} - ${`${ms} milliseconds`}::interval`,
        expiresAt: sql`${payments.expiresAt} - ${`${ms} milliseconds`}::interval`,
        nextCheckAt: null,
      })
      .where(and(inArray(payments.applicationId, m.apps), eq(payments.payStatus, 'pending')));
  }
  toString = () => `ClockJump(+${this.minutes} min)`;
}

class CounterPay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly app: number,
    readonly twice: boolean,
  ) {}
  check = () => true;
  async run(m: Model) {
    const id = m.apps[this.app];
    const once = () =>
      act(t.app, staff.ward1, id, 'payments', {
        receiptNo: nextReceipt(),
        paidDate: todayAd(),
        channel: 'counter',
      }).then((r) => seen(m, 'counter payment', r));
    await Promise.all(this.twice ? [once(), once()] : [once()]);
  }
  toString = () => `CounterPay(app${this.app}${this.twice ? ', twice at once' : ''})`;
}

class Transition implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly app: number,
    readonly action: 'reject' | 'cancel' | 'verify' | 'approve',
  ) {}
  check = () => true;
  async run(m: Model) {
    const id = m.apps[this.app];
    const who =
      this.action === 'cancel'
        ? applicant.token
        : this.action === 'approve'
          ? staff.admin
          : staff.ward1;
    seen(
      m,
      this.action,
      await act(t.app, who, id, this.action, this.action === 'reject' ? { remarks: 'Model' } : {}),
    );
  }
  toString = () => `${this.action}(app${this.app})`;
}

class EditCapital implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly app: number,
    readonly capital: number,
    readonly byStaff: boolean,
  ) {}
  check = () => true;
  async run(m: Model) {
    const id = m.apps[this.app];
    const fields = validFields(ward, {
      capitalMax: this.capital * 2,
      capitalCurrent: this.capital,
    });
    seen(m, 'edit', await edit(t.app, this.byStaff ? staff.ward1 : applicant.token, id, fields));
  }
  toString = () =>
    `EditCapital(app${this.app}, Rs ${this.capital}, ${this.byStaff ? 'staff' : 'applicant'})`;
}

const commands = [
  fc
    .tuple(fc.nat(1), fc.constantFrom('esewa' as const, 'khalti' as const))
    .map(([a, c]) => new StartOnline(a, c)),
  fc.nat(7).map((i) => new PayAtGateway(i)),
  fc.nat(7).map((i) => new Confirm(i)),
  fc.nat(7).map((i) => new ConfirmRacingRecheck(i)),
  fc.constant(new RecheckTick()),
  fc.constantFrom(3, 31, 49 * 60).map((min) => new ClockJump(min)),
  fc.tuple(fc.nat(1), fc.boolean()).map(([a, twice]) => new CounterPay(a, twice)),
  fc
    .tuple(
      fc.nat(1),
      fc.constantFrom('reject' as const, 'cancel' as const, 'verify' as const, 'approve' as const),
    )
    .map(([a, action]) => new Transition(a, action)),
  fc
    .tuple(fc.nat(1), fc.constantFrom(300_000, 5_000_000, 150_000_000), fc.boolean())
    .map(([a, c, s]) => new EditCapital(a, c, s)),
];

/** The invariants of the module comment, over this sequence's applications. */
async function checkLedger(m: Model) {
  expect(m.fives, 'no 5xx').toEqual([]);
  const db = t.database.db;
  const apps = await db
    .select({ id: applications.id, status: applications.appStatus })
    .from(applications)
    .where(inArray(applications.id, m.apps));
  const billRows = await db.select().from(bills).where(inArray(bills.applicationId, m.apps));
  const pays = await db.select().from(payments).where(inArray(payments.applicationId, m.apps));
  for (const b of billRows) {
    const credited = pays
      .filter((p) => p.billId === b.id && p.payStatus === 'completed')
      .reduce((s, p) => s + p.total, 0);
    expect(credited, `bill ${b.id} credited ≤ total`).toBeLessThanOrEqual(b.total);
    expect(credited === b.total && b.total > 0, `bill ${b.id} settled ⇔ fully credited`).toBe(
      b.billStatus === 'settled',
    );
  }
  for (const a of apps) {
    const settled = billRows.filter((b) => b.applicationId === a.id && b.billStatus === 'settled');
    const paid = a.status === 'paid' || a.status === 'approved';
    expect(settled.length, `application ${a.id} (${a.status}) settled bills`).toBe(paid ? 1 : 0);
  }
  for (const p of pays) {
    if (p.payStatus === 'completed')
      expect(p.billId, `payment ${p.id} names its bill`).not.toBeNull();
    if (p.gatewayTxnId || p.channel === 'counter' || p.channel === 'bank')
      expect(['completed', 'refund_due', 'refunded'], `payment ${p.id} received`).toContain(
        p.payStatus,
      );
  }
  for (const a of m.attempts.filter((x) => x.paid)) {
    const row = pays.find((p) => p.id === a.paymentId);
    expect(row?.payStatus, `attempt ${a.paymentId} paid at the gateway is never failed`).not.toBe(
      'failed',
    );
  }
}

describe('money model', () => {
  it(`${RUNS} random sequences keep every rupee accounted for`, { timeout: 0 }, async () => {
    console.log(`money model: ${RUNS} sequences, MODEL_SEED=${SEED}`);
    let sequences = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20, size: 'large' }), async (cmds) => {
        sequences++;
        const ids: number[] = [];
        for (let i = 0; i < 2; i++) {
          const id = await submit(t.app, applicant.token, 1);
          expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
          ids.push(id);
        }
        const model: Model = { apps: ids, attempts: [], fives: [] };
        const wrapped = [...cmds].map((c) => ({
          check: (mm: Readonly<Model>) => c.check(mm),
          run: async (mm: Model, r: Real) => {
            steps++;
            await c.run(mm, r);
            await checkLedger(mm);
          },
          toString: () => c.toString(),
        }));
        await fc.asyncModelRun(() => ({ model, real: t }), wrapped);
        // the gateways answer every attempt at last: one more round settles what was paid
        await recheck(model);
        await checkLedger(model);
        const day = todayAd();
        const rec = await t.app.inject({
          method: 'GET',
          url: `/api/payments/reconciliation?from=${day}&to=${day}`,
          headers: auth(staff.admin),
        });
        expect(rec.statusCode).toBe(200);
        const body = rec.json();
        for (const r of [...body.data, body.meta])
          expect(r.received, 'received = credited + refund due + refunded').toBe(
            r.credited + r.refundDue + r.refunded,
          );
      }),
      { numRuns: RUNS, seed: SEED, path: PATH, verbose: 1 },
    );
    console.log(`money model: ${sequences} sequences, ${steps} steps, all invariants held`);
  });
});
