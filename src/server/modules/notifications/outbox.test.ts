/**
 * The outbox (issue 5 acceptance): a failing driver is retried with backoff and finally
 * marked failed, nothing is lost while the gateway is down, and a change that rolls back
 * sends nothing. Controlled clock, real migrated database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { otpTokens, outbox } from '../../db/schema.js';
import { DeliveryError, type SmsDriver } from '../../lib/messaging.js';
import { testDatabase } from '../../../../test/server/helper.js';
import { enqueue, OutboxWorker } from './outbox.js';

let database: Database;
let drop: () => Promise<void>;
let clock = new Date('2026-11-22T06:00:00Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  ({ database, drop } = await testDatabase());
});
afterAll(() => drop());

/** A gateway that is down `failures` times, then up; it records what it delivered. */
class FlakySms implements SmsDriver {
  readonly name = 'flaky';
  delivered: { to: string; text: string }[] = [];
  calls = 0;
  constructor(public failures: number) {}
  async send(to: string, text: string) {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new DeliveryError('gateway unreachable: TypeError');
    }
    this.delivered.push({ to, text });
    return { ref: `ref-${this.calls}` };
  }
}

const row = async (id: number) =>
  (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('outbox worker', () => {
  it('retries a failing driver with growing delays, then delivers once', async () => {
    const sms = new FlakySms(2);
    const worker = new OutboxWorker(database.db, { sms, mail: null }, { now, baseDelayMs: 30_000 });
    const id = await enqueue(database.db, {
      channel: 'sms',
      recipient: '9841000001',
      body: 'retry me',
      kind: 'status',
      nextAttemptAt: clock,
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let m = await row(id);
    expect(m).toMatchObject({ status: 'pending', attempts: 1 });
    expect(m.lastError).toContain('unreachable');
    expect(m.nextAttemptAt.getTime() - clock.getTime()).toBe(30_000);
    // not due yet: nothing happens
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(30_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    m = await row(id);
    expect(m.nextAttemptAt.getTime() - clock.getTime()).toBe(60_000);
    advance(60_000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    m = await row(id);
    expect(m).toMatchObject({ status: 'sent', attempts: 3, lastError: null, providerRef: 'ref-3' });
    expect(sms.delivered).toEqual([{ to: '9841000001', text: 'retry me' }]);
    advance(3_600_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sms.calls).toBe(3);
  });

  it('gives up after the last try: failed, visible with its error; the OTP row says failed', async () => {
    const sms = new FlakySms(100);
    const worker = new OutboxWorker(
      database.db,
      { sms, mail: null },
      { now, baseDelayMs: 1000, maxAttempts: 3 },
    );
    const [otp] = await database.db
      .insert(otpTokens)
      .values({ phone: '9841000002', purpose: 'register', codeHash: 'x', expiresAt: clock })
      .returning();
    const id = await enqueue(database.db, {
      channel: 'sms',
      recipient: '9841000002',
      body: 'code',
      kind: 'otp',
      otpTokenId: otp.id,
      nextAttemptAt: clock,
    });
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      advance(10_000);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
    const [o] = await database.db.select().from(otpTokens).where(eq(otpTokens.id, otp.id));
    expect(o.deliveryStatus).toBe('failed');
    await worker.runOnce();
    expect(sms.calls).toBe(3);
  });

  it('email rows wait as failed tries when SMTP is not configured, and are kept', async () => {
    const worker = new OutboxWorker(database.db, { sms: new FlakySms(0), mail: null }, { now });
    const id = await enqueue(database.db, {
      channel: 'email',
      recipient: 'a@example.com',
      subject: 's',
      body: 'b',
      kind: 'status',
      nextAttemptAt: clock,
    });
    await worker.runOnce();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row(id)).lastError).toContain('not configured');
  });

  it('two workers at once deliver each message once', async () => {
    const sms = new FlakySms(0);
    const a = new OutboxWorker(database.db, { sms, mail: null }, { now });
    const b = new OutboxWorker(database.db, { sms, mail: null }, { now });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        await enqueue(database.db, {
          channel: 'sms',
          recipient: `98410000${10 + i}`,
          body: `m${i}`,
          kind: 'status',
          nextAttemptAt: clock,
        }),
      );
    await Promise.all([a.runOnce(), b.runOnce()]);
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(sms.delivered.filter((d) => d.text.startsWith('m'))).toHaveLength(10);
  });

  it('a change that rolls back leaves no message', async () => {
    const before = (await database.db.select().from(outbox)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { channel: 'sms', recipient: '9841000003', body: 'x', kind: 'status' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await database.db.select().from(outbox)).length).toBe(before);
  });
});
