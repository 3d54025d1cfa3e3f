/**
 * The orphan upload sweep and the idempotency-key purge (issue 8 §4), on a real database and a
 * real folder: a referenced file is never touched; an unreferenced one is marked first and deleted
 * on the next run (another request may still be about to commit it), or at once with `now`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { files, idempotencyKeys, users } from '../db/schema.js';
import { testDatabase } from '../../../test/server/helper.js';
import { KEEP_HOURS, purgeIdempotencyKeys, requestFingerprint } from './idempotency.js';
import { checkUpload, LocalFileStore } from './storage.js';
import { OrphanSweeper } from './upload-sweep.js';

let database: Database;
let drop: () => Promise<void>;
let dir: string;
let store: LocalFileStore;

beforeAll(async () => {
  ({ database, drop } = await testDatabase());
  dir = await mkdtemp(path.join(os.tmpdir(), 'darta-sweep-'));
  store = new LocalFileStore(dir);
});
afterAll(async () => {
  await drop();
  await rm(dir, { recursive: true, force: true });
});

const png = () =>
  readFile(path.resolve(import.meta.dirname, '../../../e2e/fixtures/citizenship.png'));

/** Stores a file; with `row`, also its `files` row (as a committed upload has). */
async function upload(row: boolean) {
  const checked = checkUpload('f', { filename: 'a.png', mimetype: 'image/png', data: await png() });
  const name = await store.save(checked);
  if (row) {
    await database.db.insert(files).values({
      originalName: 'a.png',
      storedName: name,
      mime: checked.mime,
      sizeBytes: checked.data.length,
      sha256: checked.sha256,
    });
  }
  return name;
}

describe('OrphanSweeper', () => {
  it('keeps referenced files, marks new orphans, deletes them on the next run', async () => {
    const kept = await upload(true);
    const orphan = await upload(false);
    const sweeper = new OrphanSweeper(database.db, store);
    expect(await sweeper.run()).toEqual({ scanned: 2, deleted: 0, marked: 1 });
    expect(await store.list()).toEqual([kept, orphan].sort());

    const later = await upload(false);
    expect(await sweeper.run()).toEqual({ scanned: 3, deleted: 1, marked: 1 });
    expect(await store.list()).toEqual([kept, later].sort());

    // a file marked as an orphan that got its row meanwhile (its request committed) stays
    const committed = later;
    await database.db.insert(files).values({
      originalName: 'b.png',
      storedName: committed,
      mime: 'image/png',
      sizeBytes: 1,
      sha256: 'x',
    });
    expect(await sweeper.run()).toEqual({ scanned: 2, deleted: 0, marked: 0 });
    expect(await store.list()).toEqual([kept, committed].sort());
  });

  it('with `now` deletes every unreferenced file at once', async () => {
    const before = await store.list();
    const orphan = await upload(false);
    const r = await new OrphanSweeper(database.db, store).run({ now: true });
    expect(r.deleted).toBe(1);
    expect(await store.list()).toEqual(before);
    expect(await store.exists(orphan)).toBe(false);
  });
});

describe('idempotency keys', () => {
  it(`are purged after ${KEEP_HOURS} h, not before`, async () => {
    const [u] = await database.db.select({ id: users.id }).from(users).limit(1);
    const row = (key: string) => ({
      userId: u.id,
      scope: 'test',
      key,
      requestHash: 'h',
      statusCode: 201,
      response: {},
    });
    await database.db.insert(idempotencyKeys).values([row('fresh'), row('day-old'), row('old')]);
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'day-old'`,
    );
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - make_interval(hours => ${KEEP_HOURS + 1}) where key = 'old'`,
    );
    expect(await purgeIdempotencyKeys(database.db)).toBe(1);
    const left = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key).sort()).toEqual(['day-old', 'fresh']);
  });

  it('fingerprint a body by content: key order does not matter, file bytes do', () => {
    const file = (data: string) => ({
      filename: 'a.png',
      mimetype: 'image/png',
      data: Buffer.from(data),
    });
    const a = requestFingerprint({ x: 1, y: 'b', documents: { p: file('abc') } });
    expect(requestFingerprint({ documents: { p: file('abc') }, y: 'b', x: 1 })).toBe(a);
    expect(requestFingerprint({ x: 1, y: 'b', documents: { p: file('abd') } })).not.toBe(a);
    expect(requestFingerprint({ x: 2, y: 'b', documents: { p: file('abc') } })).not.toBe(a);
  });
});
