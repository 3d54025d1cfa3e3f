/**
 * Child server of the fault tests (crash-submission.test.ts, pg-restart.test.ts): the real app
 * (buildApp, the same routes, database code, upload store and startup recovery as main.ts),
 * started with as little else as possible so that a restart is quick: no payment simulators, no
 * seeding (the test prepares the database), no banner, no PDF browser until one is asked for.
 * Configured by the same environment as main.ts (PORT, DATABASE_URL or DATA_DIR, UPLOAD_DIR);
 * prints `ready <port> <ms from go to listening>` on stdout once it listens. Run with
 * `node --import tsx test/faults/crash-server.ts`, or bundled (crash-harness.ts bundleServer).
 */
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { buildApp } from '../../src/server/app.js';

const config = loadConfig({
  ...process.env,
  GATEWAY_SIMULATORS: '0',
  OUTBOX_INTERVAL_MS: '0',
  PAYMENT_RECHECK_MS: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});

/** Waits for the `go` line on stdin; exits when stdin closes first. */
async function waitForGo(): Promise<void> {
  const go = await new Promise<boolean>((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.once('data', () => resolve(true));
    process.stdin.once('end', () => resolve(false));
  });
  if (!go) process.exit(0);
  process.stdin.pause();
}

/**
 * With STANDBY=1 the process prepares what it can and then waits for a line on stdin. The crash
 * test starts the next server this way while the current one is still working, so a restart
 * after SIGKILL costs little. Before `go`: Node's module loading (the ES imports above), and on
 * PostgreSQL also the pool (it connects lazily) and buildApp — a second instance on the same
 * database, as in a rolling deploy. After `go`: PGlite's open (one process at a time may open its
 * folder) and listen, whose onReady hooks run the startup recovery (orphan uploads), which must
 * not run while the killed server could still be writing.
 */
const standby = process.env.STANDBY === '1';
const early = standby && !!config.databaseUrl;
if (standby && !early) await waitForGo();
let started = performance.now();
const database = await openDatabase(config);
if (process.env.MIGRATE === '1') await database.migrate();
const app = await buildApp({ config, database });
if (early) {
  await waitForGo();
  started = performance.now();
}
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`ready ${config.port} ${Math.round(performance.now() - started)}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
