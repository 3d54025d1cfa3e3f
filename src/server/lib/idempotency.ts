/**
 * Idempotency keys for requests that create something (issue 8 §4 "crash during submission").
 *
 * A client sends `Idempotency-Key: <1–128 printable ASCII characters>`, made once per attempt
 * and sent again on every retry of that attempt. For the same user, scope and key:
 * - the first COMPLETED answer is stored in the same transaction as what the request created
 *   (see `execute`), so after a crash at any point either both exist or neither;
 * - a later request with the same body gets that answer again (same status and body, header
 *   `Idempotent-Replayed: true`) and creates nothing;
 * - the same key with another body is a 422 (`idempotency.mismatch`);
 * - while a request with the key is still being worked on in this process, another one is a
 *   409 (`idempotency.inFlight`); on another app instance the database's primary key makes the
 *   later one roll back and replay the first one's answer instead.
 * Only completed answers are stored: a refused request (422, 413, 507…) rolls back and leaves no
 * key, so its retry runs again. Keys are kept at least 24 h: `purgeIdempotencyKeys` deletes
 * those older than KEEP_HOURS (48 h), long past any client's retries.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from '../errors.js';

/** Hours a stored key is kept at least; the purge deletes older ones. */
export const KEEP_HOURS = 48;

/** Response header set on a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The `Idempotency-Key` header: 1–128 printable ASCII characters (0x20–0x7E; HTTP trims
 * surrounding spaces). A UUID is what the web client sends.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x20-\x7e]+$/);

/** Headers schema of a route that takes an optional Idempotency-Key. */
export const idempotencyHeaders = z
  .object({ 'idempotency-key': idempotencyKeySchema.optional() })
  .passthrough();

/** A stored answer: HTTP status and the JSON body the first request got. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/**
 * SHA-256 (hex) of a request body in a canonical form: object keys sorted, an uploaded file
 * (anything with a Buffer `data`) replaced by its name, type and the SHA-256 of its bytes, so
 * the same form with the same files hashes the same however its parts were ordered.
 */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

function canonical(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return { sha256: createHash('sha256').update(v).digest('hex') };
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => [k, canonical(o[k])]);
  }
  return v;
}

/** Thrown inside the caller's transaction when another instance stored the key first. */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key stored concurrently');
  }
}

/** Writes the key and the answer in the caller's transaction (see `execute`). */
export type RecordAnswer = (
  tx: Tx,
  answer: StoredAnswer & { entityId?: number | null },
) => Promise<void>;

export interface IdempotentRequest {
  /** what the key is for, e.g. 'applications.create'; keys of different scopes never meet */
  scope: string;
  userId: number;
  key: string;
  /** requestFingerprint of the body */
  requestHash: string;
}

/** Keys in flight in this process, and the stored answers in the database. */
export class IdempotencyStore {
  private readonly inFlight = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Runs `work` once per key. `work` must call `record` inside the transaction that creates
   * the records (that is what makes a crash leave both or neither) and return the answer it
   * recorded. Returns `{ replayed: false, ...answer }` for a new key, `{ replayed: true,
   * ...stored }` for a key already completed with the same body.
   * @throws AppError 409 (idempotency.inFlight) while the key is being worked on here;
   *   422 (idempotency.mismatch) when the key was used with another body; whatever `work`
   *   throws (nothing is stored then).
   */
  async execute(
    req: IdempotentRequest,
    work: (record: RecordAnswer) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const slot = JSON.stringify([req.userId, req.scope, req.key]);
    if (this.inFlight.has(slot)) throw new AppError(409, 'IN_FLIGHT', 'idempotency.inFlight');
    // Claimed before the first await, so of two concurrent requests exactly one goes on.
    this.inFlight.add(slot);
    try {
      const stored = await this.find(req);
      if (stored) return stored;
      const record: RecordAnswer = async (tx, answer) => {
        const [row] = await tx
          .insert(idempotencyKeys)
          .values({
            userId: req.userId,
            scope: req.scope,
            key: req.key,
            requestHash: req.requestHash,
            statusCode: answer.statusCode,
            response: answer.body,
            entityId: answer.entityId ?? null,
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (!row) throw new KeyTaken();
      };
      try {
        const answer = await work(record);
        return { ...answer, replayed: false };
      } catch (err) {
        if (!(err instanceof KeyTaken)) throw err;
        // another instance completed the same key meanwhile: ours rolled back, answer theirs
        const theirs = await this.find(req);
        if (!theirs) throw err;
        return theirs;
      }
    } finally {
      this.inFlight.delete(slot);
    }
  }

  /** The stored answer of the key (422 when it was stored for another body), or null. */
  private async find(req: IdempotentRequest): Promise<(StoredAnswer & { replayed: true }) | null> {
    const [row] = await this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, req.userId),
          eq(idempotencyKeys.scope, req.scope),
          eq(idempotencyKeys.key, req.key),
        ),
      );
    if (!row) return null;
    if (row.requestHash !== req.requestHash) {
      throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'idempotency.mismatch');
    }
    return { statusCode: row.statusCode, body: row.response, replayed: true };
  }
}

/** Deletes keys older than `hours` (default KEEP_HOURS); returns how many. */
export async function purgeIdempotencyKeys(db: Db, hours = KEEP_HOURS): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
