/**
 * What the server does after a crash, at startup and then periodically (issue 8 §4): deletes
 * uploads no row refers to (lib/upload-sweep.ts) and idempotency keys past their keeping time
 * (lib/idempotency.ts). The startup run happens before the server listens.
 *
 * Environment:
 * - UPLOAD_SWEEP_STARTUP: `now` deletes every unreferenced upload at startup; `mark` only marks
 *   them for the next periodic run. Default: `now` on PGlite (one process owns the database, so
 *   nothing else can be in flight), `mark` on PostgreSQL (other instances may share the store;
 *   set `now` when there is only one).
 * - UPLOAD_SWEEP_INTERVAL_MINUTES (default 15, at least 1, 0 = no periodic run): the time
 *   between runs, which is also the least time an unreferenced file lives before it is deleted.
 */
import type { Db } from '../db/client.js';
import { purgeIdempotencyKeys } from '../lib/idempotency.js';
import type { FileStore } from '../lib/storage.js';
import { OrphanSweeper } from '../lib/upload-sweep.js';

export interface RecoveryOptions {
  /** delete unreferenced uploads at startup at once (true) or only mark them (false) */
  sweepNowAtStartup: boolean;
  /** between periodic runs (ms); 0 = none */
  intervalMs: number;
}

/** The options from the environment (see the module comment). */
export function recoveryOptions(
  databaseKind: 'pglite' | 'postgres',
  env: NodeJS.ProcessEnv = process.env,
): RecoveryOptions {
  const startup = env.UPLOAD_SWEEP_STARTUP || (databaseKind === 'pglite' ? 'now' : 'mark');
  if (startup !== 'now' && startup !== 'mark')
    throw new Error(`UPLOAD_SWEEP_STARTUP must be now or mark, not "${startup}"`);
  const minutes = Number(env.UPLOAD_SWEEP_INTERVAL_MINUTES ?? 15);
  if (!Number.isFinite(minutes) || (minutes !== 0 && minutes < 1))
    throw new Error('UPLOAD_SWEEP_INTERVAL_MINUTES must be 0 or at least 1');
  return { sweepNowAtStartup: startup === 'now', intervalMs: minutes * 60_000 };
}

/**
 * Runs the recovery now (see RecoveryOptions) and then every `intervalMs`; a failed periodic
 * run is logged and the next one tries again. Returns a stop function. The timer does not keep
 * Node alive.
 * @throws when the startup run fails (the database or the store is not usable)
 */
export async function startRecovery(
  db: Db,
  store: FileStore,
  opts: RecoveryOptions,
  log: (msg: string) => void,
): Promise<() => void> {
  const sweeper = new OrphanSweeper(db, store);
  const run = async (now: boolean) => {
    const r = await sweeper.run({ now });
    const purged = await purgeIdempotencyKeys(db);
    if (r.deleted || purged) {
      log(`recovery: ${r.deleted} orphan upload(s) deleted, ${purged} old idempotency key(s)`);
    }
  };
  await run(opts.sweepNowAtStartup);
  if (!opts.intervalMs) return () => {};
  const timer = setInterval(() => {
    run(false).catch((err: Error) => log(`recovery failed: ${err.message}`));
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
