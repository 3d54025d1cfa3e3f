/**
 * Backup and restore (issue 8 §6), proven by checksums: the app writes real data (an
 * applicant, their profile documents, an application with its files), a backup is taken, and it
 * is restored into a FRESH database and upload folder; every table, sequence and file must then
 * be equal, and the restored app serves the same application and file. PGlite always; PostgreSQL
 * (pg_dump/pg_restore) too when the suite runs with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client.js';
import { newApplicant, submit } from '../../../test/server/fixtures.js';
import { auth, login } from '../../../test/server/helper.js';
import {
  BackupError,
  createBackup,
  fileChecksums,
  restoreBackup,
  tableChecksums,
} from './backup.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'darta-backup-test-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Builds the app on `database` with `uploadDir`, as main.ts does. */
async function appOn(database: Database, uploadDir: string) {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), uploadDir, logLevel: 'silent' };
  config.outboxIntervalMs = 0;
  config.payments = { ...config.payments, recheckMs: 0 };
  const app = await buildApp({ config, database, logger: false });
  app.decorate('testDatabase', database);
  await app.ready();
  return app;
}

/** Writes an applicant with documents and one application; returns what to look for later. */
async function writeData(database: Database, uploadDir: string) {
  const app = await appOn(database, uploadDir);
  try {
    const a = await newApplicant(app, 'Backup Applicant');
    const id = await submit(app, a.token);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/applications/${id}`,
      headers: auth(a.token),
    });
    expect(detail.statusCode).toBe(200);
    return { id, username: a.username, detail: detail.json().data };
  } finally {
    await app.close();
  }
}

/** Reads the application back through the restored app, with one of its files. */
async function readBack(
  database: Database,
  uploadDir: string,
  written: Awaited<ReturnType<typeof writeData>>,
) {
  const app = await appOn(database, uploadDir);
  try {
    const token = await login(app, written.username, 'Secret123');
    const detail = await app.inject({
      method: 'GET',
      url: `/api/applications/${written.id}`,
      headers: auth(token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.businessName).toBe(written.detail.businessName);
    const file = await app.inject({
      method: 'GET',
      url: `/api/files/${written.detail.documents[0].fileId}`,
      headers: auth(token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(0);
  } finally {
    await app.close();
  }
}

describe.runIf(inject('pgliteDump'))('PGlite backup and restore', () => {
  it('restores every table, sequence and file into a fresh data dir, checked by checksum', async () => {
    const src = { dataDir: path.join(tmp, 'src-pglite'), uploadDir: path.join(tmp, 'src-up') };
    const dump = await readFile(inject('pgliteDump'));
    const client = await PGlite.create({
      dataDir: src.dataDir,
      loadDataDir: new Blob([dump]),
      extensions: PGLITE_EXTENSIONS,
    });
    const written = await writeData(fromPglite(client), src.uploadDir);
    // buildApp's close closes the database; nothing holds the data dir now

    const archive = path.join(tmp, 'pglite.tar.gz');
    const manifest = await createBackup(src, archive);
    expect(manifest.kind).toBe('pglite');
    expect(manifest.tables['public.applications'].rows).toBeGreaterThan(0);
    expect(Object.keys(manifest.files).length).toBeGreaterThanOrEqual(4); // 2 profile + 2 docs
    expect(manifest.files).toEqual(await fileChecksums(src.uploadDir));

    const dst = { dataDir: path.join(tmp, 'dst-pglite'), uploadDir: path.join(tmp, 'dst-up') };
    const report = await restoreBackup(archive, dst);
    expect(report.files).toBe(Object.keys(manifest.files).length);
    expect(report.rows).toBe(Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0));

    // independent of restoreBackup's own check: the two databases and folders are equal
    const a = await PGlite.create({ dataDir: src.dataDir, extensions: PGLITE_EXTENSIONS });
    const b = await PGlite.create({ dataDir: dst.dataDir, extensions: PGLITE_EXTENSIONS });
    expect(await tableChecksums(b)).toEqual(await tableChecksums(a));
    await a.close();
    await b.close();
    expect(await fileChecksums(dst.uploadDir)).toEqual(await fileChecksums(src.uploadDir));

    await readBack(
      fromPglite(await PGlite.create({ dataDir: dst.dataDir, extensions: PGLITE_EXTENSIONS })),
      dst.uploadDir,
      written,
    );

    // a second restore onto the now non-empty target is refused without --force
    await expect(restoreBackup(archive, dst)).rejects.toThrow(BackupError);
    await expect(restoreBackup(archive, dst, { force: true })).resolves.toMatchObject({
      files: report.files,
    });
  });

  it('refuses a damaged archive before writing anything', async () => {
    const src = { dataDir: path.join(tmp, 'dmg-pglite'), uploadDir: path.join(tmp, 'dmg-up') };
    const dump = await readFile(inject('pgliteDump'));
    await (
      await PGlite.create({
        dataDir: src.dataDir,
        loadDataDir: new Blob([dump]),
        extensions: PGLITE_EXTENSIONS,
      })
    ).close();
    await mkdir(src.uploadDir, { recursive: true });
    await writeFile(path.join(src.uploadDir, 'a.pdf'), '%PDF-1.4 original');
    const archive = path.join(tmp, 'dmg.tar.gz');
    await createBackup(src, archive);

    // alter one uploaded file inside the archive
    const unpacked = path.join(tmp, 'dmg-unpacked');
    await mkdir(unpacked, { recursive: true });
    await tar.extract({ file: archive, cwd: unpacked });
    await writeFile(path.join(unpacked, 'uploads', 'a.pdf'), '%PDF-1.4 altered!');
    const tampered = path.join(tmp, 'dmg-tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, await readdir(unpacked));

    const dst = { dataDir: path.join(tmp, 'dmg-dst'), uploadDir: path.join(tmp, 'dmg-dst-up') };
    await expect(restoreBackup(tampered, dst)).rejects.toThrow(/damaged[\s\S]*a\.pdf/);
    await expect(readdir(dst.dataDir)).rejects.toThrow(); // nothing written
    await expect(readdir(dst.uploadDir)).rejects.toThrow();

    // a PGlite backup is not restored into PostgreSQL by mistake
    await expect(
      restoreBackup(archive, { ...dst, databaseUrl: 'postgres://x@127.0.0.1:1/none' }),
    ).rejects.toThrow(/pglite backup/);
  });
});

describe.runIf(inject('pgTemplateUrl'))('PostgreSQL backup and restore (pg_dump)', () => {
  const made: string[] = [];
  const adminUrl = () => {
    const u = new URL(inject('pgTemplateUrl'));
    u.pathname = '/postgres';
    return u.toString();
  };
  async function createDb(template?: string) {
    const name = `darta_bk_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await c.end();
    made.push(name);
    const u = new URL(inject('pgTemplateUrl'));
    u.pathname = `/${name}`;
    return u.toString();
  }
  afterAll(async () => {
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    for (const n of made) await c.query(`drop database if exists ${n} with (force)`);
    await c.end();
  });

  it('restores into a fresh database with equal checksums', async () => {
    const tpl = new URL(inject('pgTemplateUrl')).pathname.slice(1);
    const srcUrl = await createDb(tpl);
    const src = { databaseUrl: srcUrl, dataDir: '', uploadDir: path.join(tmp, 'pg-src-up') };
    const written = await writeData(fromPostgres(srcUrl, 2), src.uploadDir);

    const archive = path.join(tmp, 'pg.tar.gz');
    const manifest = await createBackup(src, archive);
    expect(manifest.kind).toBe('postgres');

    const dstUrl = await createDb();
    const dst = { databaseUrl: dstUrl, dataDir: '', uploadDir: path.join(tmp, 'pg-dst-up') };
    const report = await restoreBackup(archive, dst);
    expect(report.tables).toBe(Object.keys(manifest.tables).length);

    const a = new pg.Client({ connectionString: srcUrl });
    const b = new pg.Client({ connectionString: dstUrl });
    await a.connect();
    await b.connect();
    expect(await tableChecksums(b)).toEqual(await tableChecksums(a));
    await a.end();
    await b.end();
    await readBack(fromPostgres(dstUrl, 2), dst.uploadDir, written);

    await expect(restoreBackup(archive, dst)).rejects.toThrow(/not empty/);
  });
});
