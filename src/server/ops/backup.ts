/**
 * Backup and restore (issue 8 §6): one `.tar.gz` archive holds the database and every uploaded
 * file, with a manifest of checksums taken from the same state:
 *
 *   manifest.json   format version, database kind, time, per-table row count + md5 of the rows,
 *                   sequence values, sha256 of every file below
 *   database.dump   PostgreSQL: `pg_dump --format=custom` of the snapshot the checksums read
 *   pglite.tar.gz   PGlite: `dumpDataDir('gzip')` (the server must be stopped: PGlite is
 *                   single-process and the data dir is open only in the server)
 *   uploads/…       the upload folder, byte for byte
 *
 * Restore checks every file of the archive against the manifest BEFORE it writes anything, then
 * restores into an empty database (PostgreSQL: pg_restore; PGlite: the data dir is created),
 * copies the uploads, and recomputes every table and file checksum: a mismatch is an error.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { PGLITE_EXTENSIONS } from '../db/client.js';

/** Bumped when the archive layout changes; restore refuses other versions. */
export const BACKUP_FORMAT = 1;

/** Where the data lives: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export interface BackupTarget {
  databaseUrl?: string;
  /** PGlite data directory */
  dataDir: string;
  uploadDir: string;
}

export interface TableSum {
  rows: number;
  /** md5 of the table's rows as text, sorted; '' for an empty table */
  md5: string;
}

export interface BackupManifest {
  format: number;
  kind: 'postgres' | 'pglite';
  createdAt: string;
  /** `schema.table` → row count and checksum */
  tables: Record<string, TableSum>;
  /** `schema.sequence` → last value (null when never used) */
  sequences: Record<string, string | null>;
  /** path below the upload folder (POSIX separators) → sha256 hex */
  files: Record<string, string>;
  /** archive member (database.dump / pglite.tar.gz) → sha256 hex */
  database: Record<string, string>;
}

/** A failed or refused backup/restore, with a message for the operator. */
export class BackupError extends Error {}

/** The minimal query surface shared by a pg client and PGlite. */
interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

const SCHEMAS = `('public', 'drizzle')`;

/**
 * Row counts and checksums of every table in the app's schemas (public and drizzle's migration
 * journal). Rows are compared as their text form, sorted, so the order on disk does not matter.
 */
export async function tableChecksums(db: Queryable): Promise<Record<string, TableSum>> {
  const { rows: tables } = await db.query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_schema in ${SCHEMAS} and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, TableSum> = {};
  for (const { s, t } of tables) {
    const q = `"${s.replace(/"/g, '""')}"."${t.replace(/"/g, '""')}"`;
    const { rows } = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(string_agg(x::text, E'\\n' order by x::text)) as h
         from ${q} x`,
    );
    out[`${s}.${t}`] = { rows: rows[0].n, md5: rows[0].h ?? '' };
  }
  return out;
}

/** The last value of every sequence, so ids continue where they stopped after a restore. */
export async function sequenceValues(db: Queryable): Promise<Record<string, string | null>> {
  const { rows } = await db.query<{ s: string; n: string; v: string | null }>(
    `select schemaname as s, sequencename as n, last_value::text as v from pg_sequences
      where schemaname in ${SCHEMAS} order by 1, 2`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.s}.${r.n}`, r.v]));
}

/** sha256 of every file below `dir` (missing dir = no files), keyed by POSIX relative path. */
export async function fileChecksums(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(d: string) {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) {
        out[path.relative(dir, p).split(path.sep).join('/')] = await sha256File(p);
      }
    }
  }
  await walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

async function sha256File(p: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(p))
    .digest('hex');
}

/** Runs a PostgreSQL client tool; rejects with its stderr. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(new BackupError(`${cmd} could not be started (${e.message}); is it installed?`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (${code}): ${err.trim()}`)),
    );
  });
}

/**
 * Writes a backup archive of `target` to `outFile` (gzip tar) and returns its manifest.
 * PostgreSQL is backed up online: the checksums and pg_dump read one exported snapshot, so they
 * describe the same state even while the app writes. PGlite must not be open elsewhere.
 * @throws BackupError when pg_dump fails or the PGlite data dir does not exist.
 */
export async function createBackup(target: BackupTarget, outFile: string): Promise<BackupManifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'darta-backup-'));
  try {
    let tables: BackupManifest['tables'];
    let sequences: BackupManifest['sequences'];
    let dbFile: string;
    if (target.databaseUrl) {
      dbFile = 'database.dump';
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
        tables = await tableChecksums(client);
        sequences = await sequenceValues(client);
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0].id}`,
          `--file=${path.join(work, dbFile)}`,
          `--dbname=${target.databaseUrl}`,
        ]);
        await client.query('commit');
      } finally {
        await client.end();
      }
    } else {
      dbFile = 'pglite.tar.gz';
      try {
        await stat(path.join(target.dataDir, 'PG_VERSION'));
      } catch {
        throw new BackupError(`No PGlite database in ${target.dataDir}`);
      }
      const db = await PGlite.create({ dataDir: target.dataDir, extensions: PGLITE_EXTENSIONS });
      try {
        tables = await tableChecksums(db);
        sequences = await sequenceValues(db);
        const dump = await db.dumpDataDir('gzip');
        await writeFile(path.join(work, dbFile), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    await cp(target.uploadDir, path.join(work, 'uploads'), { recursive: true }).catch((e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    });
    await mkdir(path.join(work, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      kind: target.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      tables,
      sequences,
      // from the copy: a file added while copying is either in both or in neither
      files: await fileChecksums(path.join(work, 'uploads')),
      database: { [dbFile]: await sha256File(path.join(work, dbFile)) },
    };
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await tar.create({ gzip: true, file: outFile, cwd: work, portable: true }, [
      'manifest.json',
      dbFile,
      'uploads',
    ]);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
}

/** Differences between two checksum maps, as readable lines. */
function diff<T>(what: string, want: Record<string, T>, got: Record<string, T>): string[] {
  const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
  return [...keys]
    .filter((k) => JSON.stringify(want[k]) !== JSON.stringify(got[k]))
    .map((k) => `${what} ${k}: expected ${JSON.stringify(want[k])}, got ${JSON.stringify(got[k])}`);
}

/**
 * Reads the manifest of the archive extracted in `work` and checks, before anything is
 * written: its format and kind, the database dump and every upload against their checksums,
 * and (unless `force`) that the upload folder is empty.
 * @returns the manifest and the name of the database dump in the archive
 */
async function checkArchive(
  work: string,
  target: BackupTarget,
  force: boolean | undefined,
): Promise<{ manifest: BackupManifest; dbFile: string }> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError('Not a Darta backup: manifest.json is missing or unreadable');
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`Backup format ${manifest.format} is not ${BACKUP_FORMAT}`);
  }
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind) {
    throw new BackupError(
      `This is a ${manifest.kind} backup; restore it with ${manifest.kind === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  }
  // Everything in the archive is checked before anything is written.
  const [dbFile, dbSum] = Object.entries(manifest.database)[0] ?? [];
  if (!dbFile || (await sha256File(path.join(work, dbFile)).catch(() => '')) !== dbSum) {
    throw new BackupError('The archive is damaged: the database dump does not match');
  }
  const damaged = diff('file', manifest.files, await fileChecksums(path.join(work, 'uploads')));
  if (damaged.length) {
    throw new BackupError(`The archive is damaged:\n${damaged.join('\n')}`);
  }
  if (!force && Object.keys(await fileChecksums(target.uploadDir)).length > 0) {
    throw new BackupError(`The upload folder ${target.uploadDir} is not empty (use --force)`);
  }
  return { manifest, dbFile };
}

/** The checksums a restored database is compared with. */
type DatabaseSums = Pick<BackupManifest, 'tables' | 'sequences'>;

/**
 * pg_restore of `dumpFile` into `databaseUrl`, which must have no tables unless `force` (then
 * existing objects are dropped); answers the restored database's checksums.
 */
async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  force: boolean | undefined,
): Promise<DatabaseSums> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema in ${SCHEMAS}`,
    );
    if (rows[0].n > 0 && !force) {
      throw new BackupError('The database is not empty (use --force to replace it)');
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${databaseUrl}`,
      dumpFile,
    ]);
    return { tables: await tableChecksums(client), sequences: await sequenceValues(client) };
  } finally {
    await client.end();
  }
}

/**
 * Creates the PGlite data dir `dataDir` from `dumpFile`; it must not exist unless `force` (then
 * it is replaced). Answers the restored database's checksums.
 */
async function restorePglite(
  dataDir: string,
  dumpFile: string,
  force: boolean | undefined,
): Promise<DatabaseSums> {
  const exists = await stat(dataDir).then(
    () => true,
    () => false,
  );
  if (exists && !force) {
    throw new BackupError(`The PGlite data dir ${dataDir} exists (use --force)`);
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(path.dirname(dataDir), { recursive: true });
  const dump = new Blob([await readFile(dumpFile)]);
  const db = await PGlite.create({ dataDir, loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  try {
    return { tables: await tableChecksums(db), sequences: await sequenceValues(db) };
  } finally {
    await db.close();
  }
}

/**
 * Restores `archive` into `target`, which must be empty (no tables, no PGlite data dir, no
 * files in the upload folder) unless `force` is set (PostgreSQL: existing objects are dropped
 * by pg_restore --clean; PGlite: the data dir is replaced; uploads are overwritten).
 * @throws BackupError on a wrong format, a kind mismatch (a PostgreSQL backup restored without
 *   DATABASE_URL or the reverse), a damaged archive (checked before anything is written), a
 *   non-empty target, or checksums that differ after the restore.
 */
export async function restoreBackup(
  archive: string,
  target: BackupTarget,
  opts: { force?: boolean } = {},
): Promise<RestoreReport> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'darta-restore-'));
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
    const { manifest, dbFile } = await checkArchive(work, target, opts.force);

    const { tables, sequences } = target.databaseUrl
      ? await restorePostgres(target.databaseUrl, path.join(work, dbFile), opts.force)
      : await restorePglite(target.dataDir, path.join(work, dbFile), opts.force);
    if (opts.force) await rm(target.uploadDir, { recursive: true, force: true });
    await mkdir(target.uploadDir, { recursive: true });
    await cp(path.join(work, 'uploads'), target.uploadDir, { recursive: true });

    const wrong = [
      ...diff('table', manifest.tables, tables),
      ...diff('sequence', manifest.sequences, sequences),
      ...diff('file', manifest.files, await fileChecksums(target.uploadDir)),
    ];
    if (wrong.length) {
      throw new BackupError(`The restore does not match the backup:\n${wrong.join('\n')}`);
    }
    return {
      manifest,
      tables: Object.keys(tables).length,
      rows: Object.values(tables).reduce((n, t) => n + t.rows, 0),
      files: Object.keys(manifest.files).length,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
