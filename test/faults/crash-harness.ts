/**
 * Shared by the fault tests (crash-submission.test.ts, pg-restart.test.ts): the app server as a
 * child process (crash-server.ts) that can be started in standby, and a plain HTTP client that
 * opens a new connection per request (a pooled socket of a killed server would fail the next
 * request for the wrong reason).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverBuildOptions } from '../../scripts/server-build-options.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(import.meta.dirname, 'crash-server.ts');
/**
 * Where the bundled server goes: three folders below the repository, like the server sources
 * (src/server/<dir>), so `import.meta.dirname`-relative paths in them (db/migrations) still
 * point at the repository; packages stay external and resolve from its node_modules.
 */
const BUNDLE_DIR = path.join(ROOT, '.test-cache', 'fault', 'bundle');

let bundled: Promise<string> | null = null;

/**
 * A TCP port on 127.0.0.1 that nobody listens on now, chosen by the OS. A fixed port would be
 * shared by two test runs on one machine (two clones, or a developer's run beside CI; issue 16
 * §7), and each would then talk to the other's server.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * crash-server.ts and every source it imports bundled into ES modules (esbuild, ~0.5 s, once
 * per test process). Node then loads one file instead of resolving and transpiling ~150 through
 * tsx: a server starts in about half the CPU time (measured 1.4 s instead of 2.4 s here), and the
 * restart is what dominates the crash test.
 */
export function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const outdir = path.join(BUNDLE_DIR, `crash-server-${process.pid}`);
    await build({
      // as `npm run build`: what the server imports only when asked for stays a chunk
      ...serverBuildOptions({ entry: SERVER, outdir }),
      logLevel: 'error',
    });
    return path.join(outdir, 'crash-server.js');
  })();
  return bundled;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Deletes this process's bundle (after the test that used it). */
export async function removeBundle(): Promise<void> {
  if (!bundled) return;
  const file = await bundled.catch(() => null);
  bundled = null;
  if (file) await rm(path.dirname(file), { recursive: true, force: true });
}

/** One request on its own connection; rejects when the connection fails or is cut. */
export function httpRequest(
  port: number,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    timeoutMs?: number;
  },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? (opts.body ? 'POST' : 'GET'),
        path: opts.path,
        headers: opts.headers,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** An app server child process (crash-server.ts). */
export class ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** resolves with the ms from `go` to listening */
  private readonly ready: Promise<number>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderr = '';

  /**
   * Spawns the server in standby: its modules load now, it opens the database only on `go()`.
   * `script` is bundleServer()'s file; `env` the whole environment of the child (plus PATH and
   * HOME from this process).
   */
  constructor(
    readonly port: number,
    env: Record<string, string>,
    script: string,
  ) {
    this.child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        ...env,
        PORT: String(port),
        STANDBY: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let out = '';
    this.ready = new Promise((resolve, reject) => {
      this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const m = /^ready \d+ (\d+)$/m.exec(out);
        if (m) resolve(Number(m[1]));
        if (out.length > 65_536) out = out.slice(-4096);
      });
      void this.exited.then(({ code, signal }) =>
        reject(new Error(`server exited (${code ?? signal}) before it listened: ${this.stderr}`)),
      );
    });
    // a standby that is never started must not be an unhandled rejection
    this.ready.catch(() => {});
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-8192);
    });
  }

  /** Lets a standby server open the database and listen; resolves with its startup ms. */
  go(): Promise<number> {
    this.child.stdin.write('go\n');
    return this.ready;
  }

  /** What the server wrote on stderr lately (for failure messages). */
  get log(): string {
    return this.stderr;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, and wait until it is gone. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (a clean shutdown; a standby just exits), SIGKILL after `ms`. */
  async stop(ms = 10_000): Promise<void> {
    if (!this.alive) return;
    this.child.stdin.end();
    this.child.kill('SIGTERM');
    const t = setTimeout(() => this.child.kill('SIGKILL'), ms);
    await this.exited;
    clearTimeout(t);
  }
}
