/**
 * Entry point: opens the database (PGlite in ./data by default, PostgreSQL with
 * DATABASE_URL), migrates, seeds an empty database, and serves the API and the SPA.
 */
import { mkdir } from 'node:fs/promises';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seed } from './db/seed.js';
import { startupBanner } from './banner.js';
import { buildApp } from './app.js';
import { withStartupLock } from './lib/jobs.js';

const config = loadConfig();
// Outside production with no gateway configured, the local simulators stand in for eSewa
// and Khalti so the online payment can be clicked through offline (issue 6 §6).
if (config.payments.simulate) {
  const sims = await import('../../scripts/gateway-simulators.js');
  const esewa = await sims.startEsewaSimulator({
    port: Number(new URL(config.payments.esewa!.formUrl).port),
  });
  const khalti = await sims.startKhaltiSimulator({
    port: Number(new URL(config.payments.khalti!.baseUrl).port),
  });
  console.log(`Payment simulators: eSewa ${esewa.url}, Khalti ${khalti.url}`);
}
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase(config);
// Instances started together on one PostgreSQL take turns here (issue 8 §7).
await withStartupLock(config.databaseUrl, async () => {
  await database.migrate();
  if (await isEmpty(database.db)) {
    console.log('Empty database: seeding reference data%s…', config.demo ? ' and demo logins' : '');
    await seed(database.db, { demo: config.demo });
  }
});
const app = await buildApp({ config, database });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `\n${startupBanner({ port: config.port, demo: config.demo, databaseKind: database.kind })}`,
);
