/**
 * Safe production start (issue 16 §1 acceptance): the real server (src/server/main.ts through
 * tsx, as CI has no build when `npm test` runs) with NODE_ENV=production
 *  - refuses each unsafe setting — exit status 78 (EX_CONFIG), the expected line on stderr, no
 *    stack trace, nothing opened;
 *  - with safe settings: `npm run create-admin` (the CLI, as a child process) prepares the empty
 *    database and creates the first administrator; the server starts on it; the demo logins do
 *    not exist; the administrator signs in, is told to change the one-time password, is refused
 *    everything else until then, and then gets in; a database holding a demo login with the
 *    published password is refused.
 * The database is a temporary PGlite folder, or with DATABASE_URL a fresh PostgreSQL database
 * (created and dropped here). About 30 s; every wait is bounded generously (a loaded machine).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './crash-harness.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** the first start of a fresh database (initdb, migrations, reference data) on a busy machine */
const START_TIMEOUT_MS = 90_000;
const PG_URL = process.env.DATABASE_URL;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `args` under node with tsx in ROOT, with `env` only (plus PATH and HOME), to its end;
 * `input` is written to its stdin.
 */
function run(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  input?: string,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: no exit within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A server process: resolves `listening` on the banner line, `exited` with its status. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within ${START_TIMEOUT_MS} ms\n${stdout}\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (/^Darta is running/m.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening\n${stdout}\n${stderr}`));
    });
  });
  listening.catch(() => undefined);
  return {
    listening,
    output: () => stdout + stderr,
    /** SIGTERM, and the exit status (SIGKILL after 30 s) */
    async stop(): Promise<number | null> {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

describe('production start (NODE_ENV=production)', () => {
  let dir = '';
  let dbName = '';
  /** safe production settings: each refusal below changes one of them */
  let safe: Record<string, string> = {};

  const pgAdmin = async (q: string) => {
    const u = new URL(PG_URL!);
    u.pathname = '/postgres';
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'darta-prod-'));
    safe = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PUBLIC_URL: 'https://darta.example.gov.np',
      CERT_SIGNING_KEY: randomBytes(32).toString('base64'),
      // a real driver, pointed at a closed port: nothing can leave this machine
      SMS_DRIVER: 'aakash',
      AAKASH_TOKEN: 'test-token',
      AAKASH_BASE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
    };
    if (PG_URL) {
      dbName = `darta_prod_${randomBytes(4).toString('hex')}`;
      await pgAdmin(`create database ${dbName}`);
      const u = new URL(PG_URL);
      u.pathname = `/${dbName}`;
      safe.DATABASE_URL = u.toString();
    }
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    if (dbName) await pgAdmin(`drop database if exists ${dbName} with (force)`);
  });

  it.each([
    [
      'DEMO=true',
      { DEMO: 'true' },
      /^- DEMO=true would create the demo logins.*npm run create-admin/,
    ],
    [
      'PUBLIC_URL unset',
      { PUBLIC_URL: undefined },
      /^- PUBLIC_URL is not set: set it to the https address/,
    ],
    [
      'PUBLIC_URL http',
      { PUBLIC_URL: 'http://darta.example.gov.np' },
      /^- PUBLIC_URL must be an https address/,
    ],
    [
      'CERT_SIGNING_KEY unset',
      { CERT_SIGNING_KEY: undefined },
      /^- CERT_SIGNING_KEY is not set: set it to a random secret/,
    ],
    [
      'SMS_DRIVER=log',
      { SMS_DRIVER: 'log' },
      /^- SMS_DRIVER is log, which writes sign-up and password codes to the server log.*: set SMS_DRIVER=sparrow/,
    ],
    ['SMS_DRIVER unset', { SMS_DRIVER: undefined }, /^- SMS_DRIVER is log \(the default\)/],
    [
      'gateway simulators on',
      { GATEWAY_SIMULATORS: '1' },
      /^- GATEWAY_SIMULATORS: the gateway simulators cannot run in production: remove GATEWAY_SIMULATORS/,
    ],
  ] as const)(
    'refuses %s: exit 78 and one line saying what to set',
    async (_name, change, line) => {
      const env = Object.fromEntries(
        Object.entries({ ...safe, ...change }).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      // its own data folder: a refusal must not even create it
      env.DATA_DIR = path.join(dir, `refused-${randomBytes(3).toString('hex')}`);
      const r = await run(['src/server/main.ts'], env);
      expect(r.code, r.stdout + r.stderr).toBe(78);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Refusing to start in production (NODE_ENV=production). Fix each line:',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(line);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(env.DATA_DIR)).toBe(false);
    },
  );

  it(
    'safe settings: create-admin makes the first administrator, the server starts without demo logins, and the one-time password must be changed',
    { timeout: 180_000 },
    async () => {
      // 1. the first administrator, on the empty database (the server is not running)
      const made = await run(
        [
          'scripts/create-admin.ts',
          '--username',
          'palika_admin',
          '--name',
          'IT Officer',
          '--phone',
          '9841000000',
          '--email',
          'it@palika.gov.np',
        ],
        safe,
        START_TIMEOUT_MS,
      );
      expect(made.code, made.stdout + made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^Created system administrator "palika_admin" \(user \d+\) in /m);
      const password = /^One-time password \(shown only now\): (\S+)$/m.exec(made.stdout)?.[1];
      expect(password).toBeTruthy();
      expect(made.stdout).toContain('https://darta.example.gov.np/user/login');
      // the same username again: refused, exit 1
      const again = await run(
        [
          'scripts/create-admin.ts',
          '--username',
          'PALIKA_ADMIN',
          '--name',
          'X',
          '--phone',
          '9841000009',
        ],
        safe,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/username "PALIKA_ADMIN" is taken/);

      // 2. the server, in production
      const server = startServer(safe);
      try {
        const banner = await server.listening;
        expect(banner).toMatch(/Darta is running on port \d+ \(production/);
        expect(banner).toContain('https://darta.example.gov.np');
        expect(server.output()).not.toContain('Darta@2082');
        expect(banner).not.toMatch(/No system administrator yet/);
        const base = `http://127.0.0.1:${safe.PORT}`;
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ ok: true });

        const signIn = (username: string, pw: string) =>
          fetch(`${base}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password: pw }),
          });
        // 3. the demo logins do not exist
        for (const demo of ['admin', 'ward1', 'applicant'])
          expect((await signIn(demo, 'Darta@2082')).status, demo).toBe(422);

        // 4. the administrator signs in and is sent to change the password first
        const res = await signIn('palika_admin', password!);
        expect(res.status).toBe(200);
        const { token, user } = ((await res.json()) as { data: { token: string; user: never } })
          .data;
        expect(user).toMatchObject({
          username: 'palika_admin',
          userType: 'systemadmin',
          passwordChangeRequired: true,
        });
        const h = { authorization: `Bearer ${token}` };
        const refused = await fetch(`${base}/api/dashboard`, { headers: h });
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { message: string }).message).toMatch(
          /one-time password.*Change password/,
        );
        const changed = await fetch(`${base}/api/profiles/password`, {
          method: 'POST',
          headers: { ...h, 'content-type': 'application/json' },
          body: JSON.stringify({
            current_password: password,
            password: 'Palika-2082-own',
            password_confirmation: 'Palika-2082-own',
          }),
        });
        expect(changed.status, await changed.clone().text()).toBe(200);
        expect((await fetch(`${base}/api/dashboard`, { headers: h })).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }

      // 5. a database with a demo login and its published password (e.g. first started in demo
      // mode) is refused in production; --password-stdin sets the password
      const demo = await run(
        [
          'scripts/create-admin.ts',
          '--username',
          'admin',
          '--name',
          'Demo',
          '--phone',
          '9841000010',
          '--password-stdin',
        ],
        safe,
        60_000,
        'Darta@2082\n',
      );
      expect(demo.code, demo.stdout + demo.stderr).toBe(0);
      expect(demo.stdout).not.toContain('Darta@2082');
      const refused = await run(['src/server/main.ts'], safe, START_TIMEOUT_MS);
      expect(refused.code, refused.stdout + refused.stderr).toBe(78);
      expect(refused.stderr).toMatch(
        /^- the database has demo logins with the published password \(admin\): /m,
      );
    },
  );
});
