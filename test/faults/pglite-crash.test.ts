/**
 * PGlite crash during writes (issue 8 §4): a child process commits numbered 10-row batches into
 * an on-disk PGlite data dir and reports each batch after its COMMIT returns; it is killed with
 * SIGKILL at a random moment, the data dir is reopened, and the test checks that it opens, that
 * every acknowledged batch is there, and that no batch is partial (a transaction is all or
 * nothing). Bounded: TRIALS kills, each after 0.3–1.5 s of writing. Prints its counts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const TRIALS = 5;
const WRITER = path.join(import.meta.dirname, 'pglite-writer.mjs');

let dir: string;
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

/** Runs the writer until it has acknowledged at least one batch and `ms` have passed, then kills it. */
function writeAndKill(dataDir: string, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let acked = 0;
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      for (const line of d.split('\n')) if (line) acked = Number(line);
      if (acked > 0 && !timer) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer ended by itself (${code}): ${err}`));
    });
  });
}

describe('PGlite crash during writes', () => {
  it(`reopens consistent after ${TRIALS} SIGKILLs mid-write, losing no acknowledged batch`, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'darta-pglite-crash-'));
    const dataDir = path.join(dir, 'db');
    let acknowledged = 0;
    let rowsSeen = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      acknowledged = await writeAndKill(dataDir, 300 + Math.floor(Math.random() * 1200));
      const db = await PGlite.create({ dataDir });
      try {
        const { rows } = await db.query<{ batch: number; n: number }>(
          'select batch, count(*)::int as n from w group by batch order by batch',
        );
        const partial = rows.filter((r) => r.n !== 10);
        expect(partial, 'a batch with a partial transaction').toEqual([]);
        const max = rows.length ? rows[rows.length - 1].batch : 0;
        expect(max, 'an acknowledged batch was lost').toBeGreaterThanOrEqual(acknowledged);
        // batches are consecutive: nothing in the middle vanished either
        expect(rows.map((r) => r.batch)).toEqual(Array.from({ length: max }, (_, i) => i + 1));
        const check = await db.query<{ ok: boolean }>(
          'select count(*) = count(distinct id) as ok from w',
        );
        expect(check.rows[0].ok).toBe(true);
        rowsSeen = rows.length * 10;
      } finally {
        await db.close();
      }
    }
    console.log(
      `pglite crash: ${TRIALS} SIGKILLs, ${acknowledged} batches acknowledged, ${rowsSeen} rows after the last reopen, 0 partial, 0 lost`,
    );
  });
});
