/**
 * Orphan upload sweep (issue 8 §4 "0 orphan files after a crash").
 *
 * Every upload is written to the store BEFORE the transaction that inserts its `files` row, and
 * discarded again if that transaction fails (FileStore.discard). A process killed between the
 * write and the commit (SIGKILL, power cut, OOM) leaves a file no row refers to; a kill after the
 * commit leaves a referenced file that is complete, because the write had finished first. So the
 * only thing a crash can leave behind is an unreferenced file, and this sweep deletes those.
 *
 * A file written by a request still in flight is unreferenced too, for the moment until its
 * transaction commits. So a sweep deletes at once only when nothing can be in flight (`now`:
 * at startup before listening, with no other instance on the same store); otherwise it MARKS
 * the unreferenced files and deletes them at the next run if they are still unreferenced. Runs
 * are minutes apart and a request takes seconds, so a marked file that is still unreferenced
 * belongs to no live request. Works with any FileStore (local folder or S3): it needs only
 * `list` and `discard`.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { files } from '../db/schema.js';
import type { FileStore } from './storage.js';

/** Names looked up per query. */
const BATCH = 500;

export interface SweepResult {
  /** stored files seen */
  scanned: number;
  /** unreferenced files deleted */
  deleted: number;
  /** unreferenced files seen for the first time: marked, deleted next run if still orphans */
  marked: number;
}

/** The stored names in `names` that some `files` row refers to. */
export async function referencedNames(db: Db, names: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < names.length; i += BATCH) {
    const rows = await db
      .select({ storedName: files.storedName })
      .from(files)
      .where(inArray(files.storedName, names.slice(i, i + BATCH)));
    for (const r of rows) out.add(r.storedName);
  }
  return out;
}

/** Deletes uploads no row refers to; see the module comment. One per server process. */
export class OrphanSweeper {
  /** unreferenced at the last run */
  private marked = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  /**
   * One sweep. `now`: delete every unreferenced file at once (only safe when no request can be
   * in flight on this store); otherwise delete those already marked by the previous run and
   * mark the new ones.
   */
  async run({ now = false }: { now?: boolean } = {}): Promise<SweepResult> {
    const names = await this.store.list();
    const referenced = await referencedNames(this.db, names);
    const orphans = names.filter((n) => !referenced.has(n));
    const doomed = now ? orphans : orphans.filter((n) => this.marked.has(n));
    const fresh = now ? [] : orphans.filter((n) => !this.marked.has(n));
    await this.store.discard(doomed);
    this.marked = new Set(fresh);
    return { scanned: names.length, deleted: doomed.length, marked: fresh.length };
  }
}
