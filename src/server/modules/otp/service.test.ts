/**
 * OTP rules (issue 5 §1) with a controlled clock on a real migrated database: expiry after
 * 5 minutes, death after 5 wrong entries, single use, the 60 s resend cooldown, the cap of 3
 * sends per phone per 15 minutes, and refusal of a code for another phone or purpose.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { toNepaliDigits } from '../../../shared/format.js';
import { AppError } from '../../errors.js';
import type { Database } from '../../db/client.js';
import { otpTokens, outbox } from '../../db/schema.js';
import { testDatabase } from '../../../../test/server/helper.js';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
  OTP_WINDOW_MS,
  OtpService,
} from './service.js';

let database: Database;
let drop: () => Promise<void>;
let clock: Date;
let otp: OtpService;
let phoneSeq = 0;
let phone: string;

beforeAll(async () => {
  ({ database, drop } = await testDatabase());
  otp = new OtpService(database.db, 'test-key', () => clock);
});
afterAll(() => drop());
beforeEach(() => {
  clock = new Date('2026-11-22T06:00:00Z');
  phone = `98${String(70_000_000 + ++phoneSeq).padStart(8, '0')}`;
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** The code inside the latest SMS queued for `to` (the log an operator would read). */
async function lastCode(to = phone): Promise<string> {
  const [m] = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(m.body)![1];
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const send = (purpose: 'register' | 'reset' = 'register', to = phone) =>
  otp.send({ phone: to, purpose, lang: 'en-US' });
const check = (code: string, purpose: 'register' | 'reset' = 'register', to = phone) =>
  otp.check({ phone: to, purpose, code });

describe('sending', () => {
  it('stores only a hash, queues the SMS in the language asked, and answers the waits', async () => {
    const res = await send();
    expect(res).toMatchObject({ resendIn: 60, expiresIn: 300 });
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await database.db.select().from(otpTokens).where(eq(otpTokens.id, res.id));
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - clock.getTime()).toBe(OTP_TTL_MS);
    const [sms] = await database.db.select().from(outbox).where(eq(outbox.otpTokenId, res.id));
    expect(sms).toMatchObject({ channel: 'sms', kind: 'otp', status: 'pending' });
    expect(sms.body).toContain('registration code');
    advance(OTP_RESEND_MS);
    await otp.send({ phone, purpose: 'reset', lang: 'ne' });
    const [ne] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, phone))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(ne.body).toContain('पासवर्ड');
  });

  it('a resend waits 60 s; a phone gets at most 3 codes of any purpose per 15 minutes', async () => {
    await send();
    advance(OTP_RESEND_MS - 1000);
    const early = await refusal(send());
    expect(early.statusCode).toBe(429);
    expect(early.messageKey).toBe('errors.otpCooldown');
    expect(early.vars).toEqual({ seconds: 1 });
    // another purpose is not a resend: no wait, but it counts towards the cap
    await send('reset');
    advance(1000);
    await send();
    advance(OTP_RESEND_MS);
    const capped = await refusal(send());
    expect(capped.statusCode).toBe(429);
    expect(capped.messageKey).toBe('errors.otpCap');
    // the window slides: 15 minutes after the first send, one more is allowed
    advance(OTP_WINDOW_MS - 2 * OTP_RESEND_MS);
    await send();
    const rows = await database.db.select().from(otpTokens).where(eq(otpTokens.phone, phone));
    expect(rows).toHaveLength(4);
  });

  it('another phone is not limited by this one', async () => {
    await send();
    const other = `97${String(10_000_000 + phoneSeq).padStart(8, '0')}`;
    await expect(send('register', other)).resolves.toMatchObject({ resendIn: 60 });
  });
});

describe('checking', () => {
  it('the right code works once; reusing it is refused', async () => {
    await send();
    const code = await lastCode();
    await expect(check(code)).resolves.toBeGreaterThan(0);
    expect((await refusal(check(code))).messageKey).toBe('errors.otpInvalid');
  });

  it('expires after 5 minutes', async () => {
    await send();
    const code = await lastCode();
    advance(OTP_TTL_MS);
    const e = await refusal(check(code));
    expect(e.statusCode).toBe(422);
    expect(e.messageKey).toBe('errors.otpExpired');
    expect(e.fieldErrors).toEqual({ otp: ['errors.otpExpired'] });
  });

  it('dies after 5 wrong entries, even for the right code afterwards', async () => {
    await send();
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      expect((await refusal(check(wrong))).messageKey).toBe('errors.otpInvalid');
    }
    expect((await refusal(check(wrong))).messageKey).toBe('errors.otpUsedUp');
    expect((await refusal(check(code))).messageKey).toBe('errors.otpUsedUp');
    const [row] = await database.db.select().from(otpTokens).where(eq(otpTokens.phone, phone));
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS + 1);
    expect(row.lastCheckedAt).toEqual(clock);
    expect(row.usedAt).toBeNull();
  });

  it('a code for another phone or another purpose is refused and counted', async () => {
    await send('register');
    const code = await lastCode();
    const other = `97${String(20_000_000 + phoneSeq).padStart(8, '0')}`;
    expect((await refusal(check(code, 'register', other))).messageKey).toBe('errors.otpInvalid');
    advance(OTP_RESEND_MS);
    await send('reset');
    const resetCode = await lastCode();
    if (resetCode !== code) {
      expect((await refusal(check(resetCode, 'register'))).messageKey).toBe('errors.otpInvalid');
    }
    const [reg] = await database.db
      .select()
      .from(otpTokens)
      .where(eq(otpTokens.phone, phone))
      .orderBy(otpTokens.id)
      .limit(1);
    expect(reg.attempts).toBe(resetCode !== code ? 1 : 0);
    await expect(check(resetCode, 'reset')).resolves.toBeGreaterThan(0);
  });

  it('a new code replaces the previous one', async () => {
    await send();
    const first = await lastCode();
    advance(OTP_RESEND_MS);
    await send();
    const second = await lastCode();
    if (first !== second)
      expect((await refusal(check(first))).messageKey).toBe('errors.otpInvalid');
    await expect(check(second)).resolves.toBeGreaterThan(0);
  });

  it('no code at all is refused', async () => {
    expect((await refusal(check('123456'))).messageKey).toBe('errors.otpInvalid');
  });
});

describe('the SMS text (issue 17 §8)', () => {
  it('is Nepali with Devanagari digits, and ends with the origin-bound code a phone can fill', async () => {
    const bound = new OtpService(
      database.db,
      'test-key',
      () => clock,
      'https://darta.example.gov.np/',
    );
    await bound.send({ phone, purpose: 'register', lang: 'ne' });
    const [m] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, phone))
      .orderBy(desc(outbox.id))
      .limit(1);
    const [sentence, , last] = m.body.split('\n');
    const code = /^@darta\.example\.gov\.np #(\d{6})$/.exec(last)![1];
    expect(sentence).toContain('५ मिनेटसम्म');
    expect(sentence).toContain(toNepaliDigits(code));
    expect(sentence).not.toMatch(/[A-Za-z0-9]/);
    // the code as the SMS states it is the code that works
    await expect(bound.check({ phone, purpose: 'register', code })).resolves.toBeTypeOf('number');
  });
});
