/**
 * One-time codes sent by SMS (SPEC §1 "OTP on a registered mobile number", issue 5 §1).
 *
 * - 6 digits from crypto.randomInt; only HMAC-SHA256(key, purpose:phone:code) is stored, so
 *   a leaked table cannot be brute-forced offline without the server key;
 * - the SMS is in the user's language and digits, with the code's origin-bound line (sms.ts);
 * - a code lives 5 minutes, is used once, and dies after 5 wrong entries;
 * - a resend of a code (same phone and purpose) waits 60 s, and a phone number gets at most
 *   3 sends per 15 minutes whatever the purpose (429 with the wait, in the user's language);
 * - a new code replaces the previous one of the same phone and purpose;
 * - every send is an otp_tokens row (the OTP log screen) and every check updates its
 *   attempts and lastCheckedAt, so the log shows both; the SMS goes through the outbox in
 *   the same transaction as the row;
 * - a registration for a phone that already has an account sends a notice instead of the code
 *   (issue 16 §3): the row is made and limited exactly like a code nobody knows, so the caller's
 *   answer and every later check behave the same as for a free phone.
 * The clock is injected so tests can move time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../../db/client.js';
import { otpTokens } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { enqueue } from '../notifications/index.js';
import { codeHost, otpSmsText } from './sms.js';

export const OTP_PURPOSES = ['register', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** 5 minutes */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** 60 s between sends to one phone */
export const OTP_RESEND_MS = 60_000;
/** at most OTP_MAX_SENDS per phone in this window (15 minutes) */
export const OTP_WINDOW_MS = 15 * 60_000;
export const OTP_MAX_SENDS = 3;

export class OtpService {
  /** the site codes are bound to in the SMS's last line (sms.ts); '' for none */
  private readonly host: string;

  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly now: () => Date = () => new Date(),
    /** the app's public address (config.publicUrl) */
    publicUrl?: string,
  ) {
    this.host = codeHost(publicUrl);
  }

  private hash(purpose: string, phone: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${phone}:${code}`).digest('hex');
  }

  /**
   * Sends a new code to `phone` for `purpose` in the user's language. Throws AppError 429
   * (RATE_LIMITED) with the wait when the phone is in its cooldown or over its cap; the
   * caller decides whether to show that (password recovery does not, to reveal nothing).
   * Returns seconds until a resend is allowed and the code's lifetime.
   */
  async send(opts: {
    phone: string;
    purpose: OtpPurpose;
    lang: Lang;
    userId?: number | null;
    ip?: string;
    /**
     * Send this text (a translation key and its values) instead of the code: the number
     * already has an account. The code is made and stored as usual and never told.
     */
    notice?: { key: string; vars: Record<string, string | number> };
  }): Promise<{ resendIn: number; expiresIn: number; id: number }> {
    const now = this.now();
    await this.checkLimits(opts.phone, opts.purpose, now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = await this.db.transaction(async (tx) => {
      // the previous code of this phone and purpose stops working
      await tx
        .update(otpTokens)
        .set({ usedAt: now, updatedAt: now })
        .where(
          and(
            eq(otpTokens.phone, opts.phone),
            eq(otpTokens.purpose, opts.purpose),
            isNull(otpTokens.usedAt),
          ),
        );
      const [row] = await tx
        .insert(otpTokens)
        .values({
          phone: opts.phone,
          purpose: opts.purpose,
          codeHash: this.hash(opts.purpose, opts.phone, code),
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
          userId: opts.userId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: otpTokens.id });
      await enqueue(tx, {
        channel: 'sms',
        recipient: opts.phone,
        body: opts.notice
          ? translate(opts.lang, opts.notice.key, opts.notice.vars)
          : otpSmsText(opts.lang, opts.purpose, code, OTP_TTL_MS / 60_000, this.host),
        kind: 'otp',
        userId: opts.userId ?? null,
        otpTokenId: row.id,
      });
      await audit(tx as Tx, {
        userId: opts.userId ?? null,
        action: 'otp.send',
        entity: 'otp_tokens',
        entityId: row.id,
        data: { purpose: opts.purpose, ...(opts.notice ? { notice: opts.notice.key } : {}) },
        ip: opts.ip ?? null,
      });
      return row.id;
    });
    return { resendIn: OTP_RESEND_MS / 1000, expiresIn: OTP_TTL_MS / 1000, id };
  }

  /**
   * 429 when `phone` was sent a code for `purpose` in the last minute, or 3 codes of any
   * purpose in the last 15 minutes.
   */
  private async checkLimits(phone: string, purpose: OtpPurpose, now: Date) {
    const recent = await this.db
      .select({ createdAt: otpTokens.createdAt, purpose: otpTokens.purpose })
      .from(otpTokens)
      .where(
        and(
          eq(otpTokens.phone, phone),
          gt(otpTokens.createdAt, new Date(now.getTime() - OTP_WINDOW_MS)),
        ),
      )
      .orderBy(desc(otpTokens.createdAt));
    const lastSame = recent.find((r) => r.purpose === purpose);
    if (lastSame) {
      const sinceLast = now.getTime() - lastSame.createdAt.getTime();
      if (sinceLast < OTP_RESEND_MS)
        throw new AppError(429, 'RATE_LIMITED', 'errors.otpCooldown', {
          seconds: Math.ceil((OTP_RESEND_MS - sinceLast) / 1000),
        });
    }
    if (recent.length >= OTP_MAX_SENDS) {
      const oldest = recent[OTP_MAX_SENDS - 1].createdAt.getTime();
      throw new AppError(429, 'RATE_LIMITED', 'errors.otpCap', {
        minutes: Math.ceil((oldest + OTP_WINDOW_MS - now.getTime()) / 60_000),
      });
    }
  }

  /**
   * Checks and uses the code of `phone` for `purpose` (verify, then consume). Returns the token
   * row's id.
   */
  async check(opts: {
    phone: string;
    purpose: OtpPurpose;
    code: string;
    ip?: string;
  }): Promise<number> {
    const id = await this.verify(opts);
    await this.consume(this.db, id, { ip: opts.ip });
    return id;
  }

  /**
   * Checks the code of `phone` for `purpose` without using it. Every check is counted on the
   * latest code of that phone and purpose, so a code for another phone or purpose, a reused, an
   * expired or a wrong one is refused (422 on `otp`) and counts against the real code.
   * Returns the token row's id, for `consume`.
   */
  async verify(opts: {
    phone: string;
    purpose: OtpPurpose;
    code: string;
    ip?: string;
  }): Promise<number> {
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(otpTokens)
      .where(and(eq(otpTokens.phone, opts.phone), eq(otpTokens.purpose, opts.purpose)))
      .orderBy(desc(otpTokens.id))
      .limit(1);
    const refuse = async (key: string, tokenId: number | null) => {
      await audit(this.db, {
        userId: row?.userId ?? null,
        action: 'otp.check.failed',
        entity: 'otp_tokens',
        entityId: tokenId,
        data: { purpose: opts.purpose, reason: key },
        ip: opts.ip ?? null,
      });
      return AppError.validation({ otp: [key] }, key);
    };
    if (!row || row.usedAt) throw await refuse('errors.otpInvalid', row?.id ?? null);
    // count this attempt first (atomically), then judge it
    const [counted] = await this.db
      .update(otpTokens)
      .set({ attempts: sql`${otpTokens.attempts} + 1`, lastCheckedAt: now, updatedAt: now })
      .where(and(eq(otpTokens.id, row.id), isNull(otpTokens.usedAt)))
      .returning({ attempts: otpTokens.attempts });
    if (!counted) throw await refuse('errors.otpInvalid', row.id);
    if (counted.attempts > OTP_MAX_ATTEMPTS) throw await refuse('errors.otpUsedUp', row.id);
    if (row.expiresAt.getTime() <= now.getTime()) throw await refuse('errors.otpExpired', row.id);
    const given = Buffer.from(this.hash(opts.purpose, opts.phone, opts.code.trim()));
    const stored = Buffer.from(row.codeHash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      throw await refuse(
        counted.attempts >= OTP_MAX_ATTEMPTS ? 'errors.otpUsedUp' : 'errors.otpInvalid',
        row.id,
      );
    }
    return row.id;
  }

  /**
   * Uses the code `id` checked by `verify`, in the caller's transaction (so a rollback leaves
   * it usable). 422 on `otp` when it was used meanwhile.
   */
  async consume(db: Db | Tx, id: number, opts: { ip?: string } = {}): Promise<void> {
    const now = this.now();
    const [used] = await db
      .update(otpTokens)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(otpTokens.id, id), isNull(otpTokens.usedAt)))
      .returning({ userId: otpTokens.userId, purpose: otpTokens.purpose });
    if (!used) throw AppError.validation({ otp: ['errors.otpInvalid'] }, 'errors.otpInvalid');
    await audit(db, {
      userId: used.userId ?? null,
      action: 'otp.check',
      entity: 'otp_tokens',
      entityId: id,
      data: { purpose: used.purpose },
      ip: opts.ip ?? null,
    });
  }
}
