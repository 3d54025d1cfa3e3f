/**
 * Renewal reminders (issue 19 §5) on a real migrated database: the job's choice of registration
 * and point on a given day, once only (a re-run, two rounds at once, two instances claiming the
 * period), the applicant's language, the opt-out, closed, renewing, deleted and renewal rows
 * skipped, email when known; the settings' reminder days; the applicant's opt-out API.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { claimPeriod } from '../../lib/jobs.js';
import { todayAd } from '../../../shared/bs-date.js';
import { toNepaliDigits } from '../../../shared/format.js';
import { auditLog, applications, outbox, renewalReminders, users } from '../../db/schema.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { Notifier } from '../notifications/index.js';
import { addDaysAd } from '../registrations/index.js';
import { remindersOf, runRenewalReminders } from './index.js';

let t: TestContext;
let staff: { ward1: string; admin: string };
let base: typeof applications.$inferSelect;
let applicant: { token: string; id: number };
const URL = 'https://darta.example.gov.np';
const notifier = new Notifier(URL, true);
/** the day the job runs in these tests (AD); nothing reads the clock */
const TODAY = '2026-06-16';
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
  applicant = await newApplicant(t.app, 'Reminder Applicant');
  const id = await submit(t.app, applicant.token);
  await act(t.app, staff.ward1, id, 'verify');
  await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
  [base] = await t.database.db.select().from(applications).where(eq(applications.id, id));
});
afterAll(() => t.close());

/** An applicant account written directly: language, email, reminders on or off. */
async function person(over: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const [u] = await t.database.db
    .insert(users)
    .values({
      name: `Person ${seq}`,
      username: `remind${seq}_${Date.now() % 100000}`,
      phone: `97${String(10_000_000 + seq * 7919 + (Date.now() % 1000)).padStart(8, '0')}`,
      passwordHash: await hashPassword('Secret123'),
      gender: 'female',
      userType: 'user',
      ...over,
    })
    .returning();
  return u;
}

/** A registration like the approved one, with its own numbers and `over`. */
async function registration(over: Partial<typeof applications.$inferInsert> = {}) {
  seq += 1;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = base;
  const [row] = await t.database.db
    .insert(applications)
    .values({
      ...rest,
      submissionNo: `R-${seq}-${Date.now() % 1_000_000}`,
      registrationNo: `${seq}/REM-${Date.now() % 1_000_000}`,
      registrationSerial: null,
      ...over,
    })
    .returning();
  return row;
}

/** The outbox rows about registrations `ids`. */
const outboxOf = (ids: number[]) =>
  t.database.db.select().from(outbox).where(inArray(outbox.applicationId, ids));

describe('the renewal reminders job', () => {
  it('sends the due point of each registration once, in its language, and skips the rest', async () => {
    const en = await person({ email: 'owner@example.com' });
    const ne = await person({ lang: 'ne' });
    const off = await person({ renewalReminders: false });
    const at = (days: number) => addDaysAd(TODAY, days);
    const due = {
      in30: await registration({ userId: en.id, expiryDate: at(30) }),
      in10: await registration({ userId: ne.id, lang: 'ne', expiryDate: at(10) }),
      today: await registration({ userId: en.id, expiryDate: at(0) }),
      ago7: await registration({ userId: ne.id, lang: 'ne', expiryDate: at(-7) }),
      ago40: await registration({ userId: en.id, expiryDate: at(-40) }),
    };
    const open = await registration({ userId: en.id, expiryDate: at(5) });
    const none = {
      in31: await registration({ userId: en.id, expiryDate: at(31) }),
      stale: await registration({ userId: en.id, expiryDate: at(-100) }),
      optedOut: await registration({ userId: off.id, expiryDate: at(7) }),
      renewalRow: await registration({ userId: en.id, expiryDate: at(7), isRenewal: true }),
      rejected: await registration({ userId: en.id, expiryDate: at(7), appStatus: 'rejected' }),
      closed: await registration({ userId: en.id, expiryDate: at(7) }),
      deleted: await registration({ userId: en.id, expiryDate: at(7), deletedOn: new Date() }),
      renewing: open,
    };
    // a closure (issue 19 §1) leaves app_status 'closed'; a renewal in progress blocks too
    await t.database.db.execute(
      sql`update applications set app_status = 'closed' where id = ${none.closed.id}`,
    );
    await registration({
      userId: en.id,
      isRenewal: true,
      renewalOfId: open.id,
      appStatus: 'pending',
      registrationNo: null,
      expiryDate: null,
    });
    const ids = [...Object.values(due), ...Object.values(none)].map((r) => r.id);

    const round = await runRenewalReminders(t.database.db, notifier, { today: TODAY });
    const rows = await remindersOf(t.database.db, ids);
    expect(Object.fromEntries(rows.map((r) => [r.applicationId, r.point]))).toEqual({
      [due.in30.id]: -30,
      [due.in10.id]: -30,
      [due.today.id]: -7,
      [due.ago7.id]: 7,
      [due.ago40.id]: 30,
    });
    expect(round.sent).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.sentOn === TODAY && r.sentBy === null && r.outboxId)).toBe(true);

    const msgs = await outboxOf(ids);
    for (const r of Object.values(none)) {
      expect(msgs.filter((m) => m.applicationId === r.id)).toEqual([]);
    }
    // one SMS each, and an email to the applicant who gave an address
    const sms = msgs.filter((m) => m.channel === 'sms');
    expect(sms.map((m) => m.applicationId).sort()).toEqual(
      Object.values(due)
        .map((r) => r.id)
        .sort(),
    );
    expect(msgs.filter((m) => m.channel === 'email').map((m) => m.recipient)).toEqual([
      'owner@example.com',
      'owner@example.com',
      'owner@example.com',
    ]);
    expect(msgs.every((m) => m.kind === 'reminder' && m.status === 'pending')).toBe(true);

    const body = (r: { id: number }) => sms.find((m) => m.applicationId === r.id)!.body;
    // English: the number, the name, the expiry in BS, how to renew and how to stop
    expect(body(due.in30)).toContain(due.in30.registrationNo!);
    expect(body(due.in30)).toContain(due.in30.businessName);
    expect(body(due.in30)).toMatch(/expires on 20\d\d-\d\d-\d\d\. Renew/);
    expect(body(due.in30)).toContain(`${URL}/re-new-registration/${due.in30.id}`);
    expect(body(due.in30)).toContain('turn them off in your profile');
    expect(body(due.ago40)).toContain('expired on');
    // Nepali: Devanagari digits and words, the link as it is
    expect(body(due.in10)).toContain('म्याद');
    expect(body(due.in10)).toContain('सकिँदैछ');
    expect(body(due.ago7)).toContain('सकियो');
    expect(body(due.in10)).toContain('प्रोफाइलमा बन्द गर्नुहोस्');
    expect(body(due.in10)).toContain(toNepaliDigits(due.in10.registrationNo!));
    expect(body(due.in10).replace(/https?:\/\/\S+/g, '')).not.toMatch(/[0-9]/);
    expect(body(due.in10)).toContain(`${URL}/re-new-registration/${due.in10.id}`);
    // in-app too: the applicant's bell shows it
    const [n] = await t.database.db
      .execute(
        sql`select count(*)::int as n from notifications where application_id = ${due.ago7.id}
          and kind = 'renewalExpired'`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(n.n).toBe(1);

    // a re-run the same day, and the next day, send nothing more
    expect((await runRenewalReminders(t.database.db, notifier, { today: TODAY })).sent).toBe(0);
    await runRenewalReminders(t.database.db, notifier, { today: at(1) });
    const dueIds = Object.values(due).map((r) => r.id);
    expect(await outboxOf(dueIds)).toHaveLength(msgs.length);
    // …where the registration 31 days out has reached its first point
    expect((await remindersOf(t.database.db, [none.in31.id])).map((r) => r.point)).toEqual([-30]);
    // when the next point comes, only that one is sent
    await runRenewalReminders(t.database.db, notifier, { today: at(23) });
    const later = await remindersOf(t.database.db, [due.in30.id]);
    expect(later.map((r) => r.point)).toEqual([-30, -7]);
    expect((await outboxOf([due.in30.id])).filter((m) => m.channel === 'sms')).toHaveLength(2);
  });

  it('starts again for a new expiry (a renewal moves it)', async () => {
    const u = await person();
    const reg = await registration({ userId: u.id, expiryDate: addDaysAd(TODAY, 7) });
    await runRenewalReminders(t.database.db, notifier, { today: TODAY });
    const next = addDaysAd(TODAY, 372);
    await t.database.db
      .update(applications)
      .set({ expiryDate: next })
      .where(eq(applications.id, reg.id));
    await runRenewalReminders(t.database.db, notifier, { today: addDaysAd(next, -30) });
    const rows = await remindersOf(t.database.db, [reg.id]);
    expect(rows.map((r) => [r.expiryDate, r.point])).toEqual([
      [addDaysAd(TODAY, 7), -7],
      [next, -30],
    ]);
  });

  it('sends each reminder once when two instances run the round at the same time', async () => {
    const u = await person();
    const day = '2027-01-10';
    const regs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        registration({ userId: u.id, expiryDate: addDaysAd(day, i % 2 ? 7 : -7) }),
      ),
    );
    const ids = regs.map((r) => r.id);
    // two rounds at once, each in small batches (PostgreSQL: separate connections)
    const rounds = await Promise.all([
      runRenewalReminders(t.database.db, notifier, { today: day, batch: 5 }),
      runRenewalReminders(t.database.db, notifier, { today: day, batch: 3 }),
    ]);
    const mine = await remindersOf(t.database.db, ids);
    expect(mine).toHaveLength(12);
    expect(rounds[0].sent + rounds[1].sent).toBeGreaterThanOrEqual(12);
    const sms = (await outboxOf(ids)).filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(12);
    expect(new Set(sms.map((m) => m.applicationId)).size).toBe(12);

    // the job's period is claimed by one instance only
    const period = 3_600_000 * 24 * 365;
    const claims = await Promise.all(
      ['a:1', 'b:2', 'c:3'].map((who) =>
        claimPeriod(t.database.db, 'renewal-reminders-test', period, who),
      ),
    );
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });

  it('follows the reminder days of the settings', async () => {
    const put = (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(staff.admin),
        payload: {
          nameEn: 'Test Palika',
          nameNe: 'परीक्षण पालिका',
          adminCost: 0,
          rentTaxRatePercent: 10,
          renewalWindowDays: 30,
          ...over,
        },
      });
    for (const bad of ['abc', '1, 2, 3, 4, 5, 6', '400', [7, -1]]) {
      const res = await put({ reminderDaysBefore: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reminderDaysBefore']);
    }
    const ok = await put({ reminderDaysBefore: '१४, 3', reminderDaysAfter: '' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ reminderDaysBefore: [14, 3], reminderDaysAfter: [] });
    const u = await person();
    const day = '2027-03-01';
    const soon = await registration({ userId: u.id, expiryDate: addDaysAd(day, 10) });
    const late = await registration({ userId: u.id, expiryDate: addDaysAd(day, -10) });
    await runRenewalReminders(t.database.db, notifier, { today: day });
    const rows = await remindersOf(t.database.db, [soon.id, late.id]);
    expect(rows.map((r) => [r.applicationId, r.point])).toEqual([
      [soon.id, -14],
      [late.id, -3],
    ]);
    // the defaults again
    await put({ reminderDaysBefore: [30, 7], reminderDaysAfter: [7, 30] });
  });
});

describe('the applicant’s opt-out', () => {
  it('is on by default, turned off in the profile (audited), and then nothing is sent', async () => {
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/profiles/reminders',
        headers: auth(applicant.token),
      });
    expect((await get()).json().data).toEqual({ renewalReminders: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/reminders',
      headers: { ...auth(applicant.token), 'accept-language': 'ne' },
      payload: { renewalReminders: 'false' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('नवीकरण सम्झना बन्द गरियो।');
    expect((await get()).json().data).toEqual({ renewalReminders: false });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.reminders'), eq(auditLog.userId, applicant.id)));
    expect(entry.data).toEqual({ renewalReminders: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/reminders',
      headers: auth(applicant.token),
      payload: { renewalReminders: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);

    const reg = await registration({ userId: applicant.id, expiryDate: addDaysAd(TODAY, 7) });
    await runRenewalReminders(t.database.db, notifier, { today: TODAY });
    expect(await remindersOf(t.database.db, [reg.id])).toEqual([]);
    // on again: the point is sent
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/reminders',
      headers: auth(applicant.token),
      payload: { renewalReminders: true },
    });
    await runRenewalReminders(t.database.db, notifier, { today: TODAY });
    expect((await remindersOf(t.database.db, [reg.id])).map((r) => r.point)).toEqual([-7]);
    expect(
      await t.database.db
        .select()
        .from(renewalReminders)
        .where(eq(renewalReminders.applicationId, base.id)),
    ).toEqual([]);
  });
});
