/**
 * The transactional outbox (issue 5 §5). A message is a row written in the same transaction
 * as the change it reports, so a change that rolls back sends nothing, and a gateway that is
 * down loses nothing. The worker claims due rows with a lease (FOR UPDATE SKIP LOCKED, so
 * several server processes never take the same row), sends them outside any transaction,
 * and records the result: sent, or another try after an exponential backoff, or failed
 * after the last try. Delivery is at least once: a crash between sending and recording
 * sends again when the lease runs out.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { otpTokens, outbox } from '../../db/schema.js';
import type { Mailer, SmsDriver } from '../../lib/messaging.js';

export type OutboxMessage = typeof outbox.$inferInsert;

/** Writes a message to the outbox inside the caller's transaction. */
export async function enqueue(tx: Db | Tx, msg: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values(msg).returning({ id: outbox.id });
  return row.id;
}

export interface OutboxOptions {
  now?: () => Date;
  /** rows per round */
  batch?: number;
  /** tries before a message is marked failed */
  maxAttempts?: number;
  /** delay before the 2nd try (ms); doubles per try, at most 1 hour */
  baseDelayMs?: number;
  /** how long a claimed row is reserved for one sender (ms) */
  leaseMs?: number;
  log?: (obj: Record<string, unknown>, msg: string) => void;
}

export const MAX_ATTEMPTS = 6;
const HOUR_MS = 3_600_000;

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly now: () => Date;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly drivers: { sms: SmsDriver; mail: Mailer | null },
    private readonly opts: OutboxOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.batch = opts.batch ?? 20;
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.baseDelayMs = opts.baseDelayMs ?? 30_000;
    this.leaseMs = opts.leaseMs ?? 120_000;
  }

  /** Backoff before try `attempt + 1` (ms): base × 2^(attempt−1), at most an hour. */
  delayAfter(attempt: number): number {
    return Math.min(HOUR_MS, this.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  }

  /** One round: claims due messages, sends them, records each result. */
  async runOnce(): Promise<{ sent: number; retried: number; failed: number }> {
    const now = this.now();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.id))
      .limit(this.batch)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + this.leaseMs) })
      .where(inArray(outbox.id, due))
      .returning();
    const result = { sent: 0, retried: 0, failed: 0 };
    for (const m of claimed) {
      const attempts = m.attempts + 1;
      try {
        const { ref } = await this.deliver(m);
        await this.db
          .update(outbox)
          .set({ status: 'sent', attempts, sentAt: this.now(), providerRef: ref, lastError: null })
          .where(eq(outbox.id, m.id));
        if (m.otpTokenId)
          await this.db
            .update(otpTokens)
            .set({ deliveryStatus: 'sent' })
            .where(eq(otpTokens.id, m.otpTokenId));
        result.sent++;
      } catch (e) {
        const lastError = ((e as Error).message || 'delivery failed').slice(0, 300);
        const final = attempts >= this.maxAttempts;
        await this.db
          .update(outbox)
          .set({
            attempts,
            lastError,
            status: final ? 'failed' : 'pending',
            nextAttemptAt: new Date(this.now().getTime() + this.delayAfter(attempts)),
          })
          .where(eq(outbox.id, m.id));
        if (final && m.otpTokenId)
          await this.db
            .update(otpTokens)
            .set({ deliveryStatus: 'failed' })
            .where(eq(otpTokens.id, m.otpTokenId));
        this.opts.log?.({ outboxId: m.id, attempts, final, error: lastError }, 'delivery failed');
        if (final) result.failed++;
        else result.retried++;
      }
    }
    return result;
  }

  private deliver(m: typeof outbox.$inferSelect) {
    if (m.channel === 'sms') return this.drivers.sms.send(m.recipient, m.body);
    if (!this.drivers.mail) throw new Error('email is not configured');
    return this.drivers.mail.send({ to: m.recipient, subject: m.subject ?? '', text: m.body });
  }

  /** Runs a round every `intervalMs` until stop(); rounds never overlap. */
  start(intervalMs: number) {
    if (this.timer || intervalMs <= 0) return;
    const tick = async () => {
      this.running = this.runOnce().catch((e: unknown) =>
        this.opts.log?.({ err: String(e) }, 'outbox round failed'),
      );
      await this.running;
      this.running = null;
      if (this.timer) {
        this.timer = setTimeout(() => void tick(), intervalMs);
        this.timer.unref();
      }
    };
    this.timer = setTimeout(() => void tick(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a round in progress. */
  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
