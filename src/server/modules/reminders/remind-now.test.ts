/**
 * A staff "remind now" (issue 19 §5) through app.inject(): queued through the outbox in the
 * applicant's language and audited, shown on the renewals list as the last reminder, refused to
 * applicants (403), to another ward's admin (404) and for a registration not due (409) with
 * nothing written; an opted-out applicant gets none (and staff are told); one per day, also
 * when two staff press it at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { hashPassword } from '../../lib/passwords.js';
import {
  applications,
  auditLog,
  outbox,
  renewalReminders,
  roles,
  userRoles,
  users,
} from '../../db/schema.js';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
  wardId,
} from '../../../../test/server/fixtures.js';
import { addDaysAd } from '../registrations/index.js';

let t: TestContext;
let staff: { ward1: string; admin: string; ward2: string };
let applicant: { token: string; id: number };
let base: typeof applications.$inferSelect;
let seq = 0;
const today = todayAd();

/** A ward admin of ward 2 (the seed has only ward1's). */
async function ward2Admin() {
  const w2 = await wardId(t.app, staff.admin, 2);
  const [u] = await t.database.db
    .insert(users)
    .values({
      name: 'Ward 2',
      username: 'ward2reminders',
      phone: '9800000097',
      passwordHash: await hashPassword('Darta@2082'),
      gender: 'male',
      userType: 'wardadmin',
      wardId: w2,
    })
    .returning();
  const [role] = await t.database.db.select().from(roles).where(eq(roles.slug, 'wardadmin'));
  await t.database.db.insert(userRoles).values({ userId: u.id, roleId: role.id });
  return login(t.app, 'ward2reminders');
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = { ...(await staffTokens(t.app)), ward2: '' };
  staff.ward2 = await ward2Admin();
  applicant = await newApplicant(t.app, 'Remind Now Applicant');
  const id = await submit(t.app, applicant.token);
  await act(t.app, staff.ward1, id, 'verify');
  await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: today,
    channel: 'counter',
  });
  expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
  [base] = await t.database.db.select().from(applications).where(eq(applications.id, id));
});
afterAll(() => t.close());

/** A registration like the approved one (ward 1), expiring `days` from today. */
async function registration(days: number, over: Partial<typeof applications.$inferInsert> = {}) {
  seq += 1;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = base;
  const [row] = await t.database.db
    .insert(applications)
    .values({
      ...rest,
      submissionNo: `N-${seq}-${Date.now() % 1_000_000}`,
      registrationNo: `${seq}/NOW-${Date.now() % 1_000_000}`,
      registrationSerial: null,
      expiryDate: addDaysAd(today, days),
      ...over,
    })
    .returning();
  return row;
}

const remind = (token: string, ids: number[], lang = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications/reminders',
    headers: { ...auth(token), 'accept-language': lang },
    payload: { ids },
  });

const smsOf = (ids: number[]) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.applicationId, ids), eq(outbox.channel, 'sms')));

describe('remind now', () => {
  it('queues the reminder in the applicant’s language, audited, shown on the renewals list', async () => {
    const reg = await registration(12, { lang: 'ne' });
    const res = await remind(staff.ward1, [reg.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: [reg.id], optedOut: [], alreadyToday: [] });
    expect(res.json().message).toMatch(/queued/);
    const [sms] = await smsOf([reg.id]);
    expect(sms.kind).toBe('reminder');
    expect(sms.body).toContain('सकिँदैछ');
    expect(sms.body).toContain(`/re-new-registration/${reg.id}`);
    const [row] = await t.database.db
      .select()
      .from(renewalReminders)
      .where(eq(renewalReminders.applicationId, reg.id));
    expect(row).toMatchObject({ point: null, sentOn: today, outboxId: sms.id });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'renewal.remind'), eq(auditLog.entityId, reg.id)));
    expect(entry.data).toEqual({ expiryDate: reg.expiryDate, outboxId: sms.id });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/applications/renewals?filters=${encodeURIComponent(JSON.stringify({ q: reg.registrationNo }))}`,
      headers: auth(staff.ward1),
    });
    const shown = (list.json().data as { id: number }[]).find((r) => r.id === reg.id);
    expect(shown).toMatchObject({ remindersOff: false });
    expect((shown as unknown as { lastReminderAt: string }).lastReminderAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );

    // the same day again: nothing more
    const again = await remind(staff.admin, [reg.id]);
    expect(again.json().data).toEqual({ sent: [], optedOut: [], alreadyToday: [reg.id] });
    expect(again.json().message).toBe('No reminder was sent.');
    expect(await smsOf([reg.id])).toHaveLength(1);
  });

  it('sends none to an applicant who turned reminders off, and says so', async () => {
    const [off] = await t.database.db
      .insert(users)
      .values({
        name: 'No Reminders',
        username: `noremind${Date.now() % 100000}`,
        phone: '9700000123',
        passwordHash: await hashPassword('Secret123'),
        gender: 'male',
        userType: 'user',
        renewalReminders: false,
      })
      .returning();
    const quiet = await registration(-3, { userId: off.id });
    const loud = await registration(-3);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/applications/renewals?filters=${encodeURIComponent(JSON.stringify({ q: quiet.registrationNo }))}`,
      headers: auth(staff.admin),
    });
    expect(list.json().data[0]).toMatchObject({ id: quiet.id, remindersOff: true });
    const res = await remind(staff.admin, [quiet.id, loud.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: [loud.id], optedOut: [quiet.id], alreadyToday: [] });
    expect((await smsOf([quiet.id, loud.id])).map((m) => m.applicationId)).toEqual([loud.id]);
  });

  it('is refused to applicants, outside the ward, and for a registration not due', async () => {
    const reg = await registration(5);
    const far = await registration(200);
    const renewing = await registration(5);
    await registration(0, {
      isRenewal: true,
      renewalOfId: renewing.id,
      appStatus: 'pending',
      registrationNo: null,
      expiryDate: null,
    });
    const rejected = await registration(5, { appStatus: 'rejected' });
    expect((await remind(applicant.token, [reg.id])).statusCode).toBe(403);
    expect((await remind(staff.ward2, [reg.id])).statusCode).toBe(404);
    expect((await remind(staff.ward1, [reg.id, 999_999])).statusCode).toBe(404);
    for (const bad of [far, renewing, rejected]) {
      const res = await remind(staff.ward1, [reg.id, bad.id], 'ne');
      expect(res.statusCode).toBe(409);
      expect(res.json().messageKey).toBe('reminders.errors.notDue');
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/applications/reminders',
      headers: auth(staff.ward1),
      payload: { ids: [] },
    });
    expect(none.statusCode).toBe(422);
    // nothing was written by the refusals
    expect(await smsOf([reg.id, far.id, renewing.id, rejected.id])).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(renewalReminders)
        .where(inArray(renewalReminders.applicationId, [reg.id, far.id])),
    ).toEqual([]);
  });

  it('sends one when two staff press it at once', async () => {
    const reg = await registration(20);
    const answers = await Promise.all([
      remind(staff.ward1, [reg.id]),
      remind(staff.admin, [reg.id]),
      remind(staff.ward1, [reg.id]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const sent = answers.flatMap((a) => a.json().data.sent as number[]);
    const already = answers.flatMap((a) => a.json().data.alreadyToday as number[]);
    expect(sent).toEqual([reg.id]);
    expect(already).toEqual([reg.id, reg.id]);
    expect(await smsOf([reg.id])).toHaveLength(1);
  });
});
