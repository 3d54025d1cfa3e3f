/**
 * Test helper (fastify/demo test/helper.ts style): builds the real app on a real migrated
 * and seeded database (see global-setup.ts) and offers small shortcuts for API tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import {
  fromPglite,
  fromPostgres,
  PGLITE_EXTENSIONS,
  type Database,
  type DatabaseOptions,
} from '../../src/server/db/client.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed.js';
import type { PdfRenderer } from '../../src/server/modules/certificates/index.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  uploadDir: string;
  close(): Promise<void>;
}

/** A fresh copy of the seeded database for one test file. */
export async function testDatabase(
  opts: DatabaseOptions = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  const tplUrl = inject('pgTemplateUrl');
  if (tplUrl) {
    const name = `darta_t_${randomBytes(5).toString('hex')}`;
    const adminUrl = new URL(tplUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${new URL(tplUrl).pathname.slice(1)}`);
    await admin.end();
    const url = new URL(tplUrl);
    url.pathname = `/${name}`;
    const database = fromPostgres(url.toString(), 4, opts);
    return {
      database,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl.toString() });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  const database = fromPglite(client, opts);
  return { database, drop: () => database.close() };
}

export async function buildTestApp(
  opts: {
    pdf?: PdfRenderer;
    config?: Partial<Config>;
    logger?: DatabaseOptions['logger'];
    /** a client build to serve as the SPA (default: the repository's dist/client, if built) */
    clientDir?: string;
  } = {},
): Promise<TestContext> {
  const { database, drop } = await testDatabase({ logger: opts.logger });
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'darta-uploads-'));
  // The outbox worker is not started: tests run its rounds themselves.
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    uploadDir,
    logLevel: 'silent',
    outboxIntervalMs: 0,
    ...opts.config,
  };
  // tests run the payment re-check themselves
  config.payments = { ...config.payments, recheckMs: 0 };
  const app = await buildApp({
    config,
    database,
    pdf: opts.pdf,
    logger: false,
    clientDir: opts.clientDir,
  });
  // fixtures read what the app queued (e.g. an SMS code) through this
  app.decorate('testDatabase', database);
  await app.ready();
  return {
    app,
    database,
    uploadDir,
    close: async () => {
      await app.close();
      await drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Encodes fields and files as multipart/form-data, as the browser client sends them (SPEC §7). */
export function multipart(
  fields: Record<string, string | number | undefined | (string | number)[]>,
  files: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) {
  const boundary = `----darta${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    // An array repeats the key (SPEC §7: array parameters repeat the key), e.g. delete_rows[].
    for (const one of Array.isArray(v) ? v : [v]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${one}\r\n`,
        ),
      );
    }
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  // public routes take JSON or URL-encoded bodies, never multipart (issue 16 §3)
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** Rows in `table`, soft-deleted ones included: tests use it to prove nothing was written. */
export async function rowCount(database: Database, table: PgTable): Promise<number> {
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return n;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const FIXTURES = path.resolve(import.meta.dirname, '../../e2e/fixtures');
export const readFixture = (name: string) => readFile(path.join(FIXTURES, name));

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
