/**
 * Migrates and seeds ONE database per test run and hands it to every test file
 * (DESIGN.md §10: a fresh PGlite runs initdb, 2–9 s; loading a dumped data dir ~0.5 s).
 * - PGlite (default): dump the migrated+seeded data dir to a tarball; each file loads it.
 * - PostgreSQL (DATABASE_URL): migrate+seed a template database; each file clones it with
 *   CREATE DATABASE … TEMPLATE.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS } from '../../src/server/db/client.js';
import { seed } from '../../src/server/db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplateUrl: string;
  }
}

const CACHE = path.resolve(import.meta.dirname, '../../.test-cache');

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const tplName = `${new URL(url).pathname.slice(1) || 'darta'}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${tplName} with (force)`);
    await admin.query(`create database ${tplName}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${tplName}`;
    const db = fromPostgres(tplUrl.toString(), 2);
    await db.migrate();
    await seed(db.db, { demo: true });
    await db.close();
    project.provide('pgTemplateUrl', tplUrl.toString());
    project.provide('pgliteDump', '');
    return;
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = fromPglite(client);
  await db.migrate();
  await seed(db.db, { demo: true });
  const dump = await client.dumpDataDir('none');
  await client.close();
  await mkdir(CACHE, { recursive: true });
  const file = path.join(CACHE, `seeded-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplateUrl', '');
}
