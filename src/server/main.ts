/**
 * Entry point: opens the database (PGlite in ./data by default, PostgreSQL with
 * DATABASE_URL), migrates, seeds an empty database, and serves the API and the SPA.
 *
 * Run through tsx (`npm start`, `npm run dev`) or compiled (`npm run build` writes
 * dist/server/main.js; `npm run start:prod` runs it with plain node). The compiled server is the
 * production server: it runs as NODE_ENV=production unless NODE_ENV is set to something else.
 * In production, unsafe settings stop it before anything is opened (one line per problem on
 * stderr, exit status 78), and so does a database that still holds the demo logins with their
 * published password (issue 16 §1).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type Config } from './config.js';
import type { Db } from './db/client.js';

/** `true` in the bundle (scripts/build-server.mjs defines it); undeclared under tsx. */
declare const __DARTA_COMPILED__: boolean | undefined;
if (typeof __DARTA_COMPILED__ !== 'undefined' && __DARTA_COMPILED__) {
  process.env.NODE_ENV ??= 'production';
}

/**
 * Exit status of a refusal to start: EX_CONFIG of sysexits.h, so that a process manager can tell
 * it from a crash and not restart in a loop (systemd: RestartPreventExitStatus=78).
 */
const EXIT_CONFIG = 78;

/** Prints `message` on stderr (no stack: it is meant for the operator) and exits EXIT_CONFIG. */
function refuse(message: string): never {
  console.error(message);
  process.exit(EXIT_CONFIG);
}

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  refuse((e as Error).message);
}
// The rest is loaded once the configuration is accepted: a refusal comes at once, before the
// ~150 modules of the app are loaded (and under tsx, compiled).
const { and, eq, inArray, isNull, sql } = await import('drizzle-orm');
const { openDatabase } = await import('./db/client.js');
const { users } = await import('./db/schema.js');
const { DEMO_PASSWORD, DEMO_USERS, isEmpty, seed } = await import('./db/seed.js');
const { startupBanner } = await import('./banner.js');
const { buildApp } = await import('./app.js');
const { withStartupLock } = await import('./lib/jobs.js');
const { verifyPassword } = await import('./lib/passwords.js');
const { CLIENT_DIST_DIR } = await import('./lib/paths.js');

/** The demo logins still in the database with the published password (admin, ward1, …). */
async function demoLoginsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          sql`lower(${users.username})`,
          DEMO_USERS.map((u) => u.username),
        ),
        isNull(users.deletedOn),
      ),
    );
  const found: string[] = [];
  for (const r of rows)
    if (await verifyPassword(r.passwordHash, DEMO_PASSWORD)) found.push(r.username);
  return found;
}

/** True when no active system administrator exists yet (a fresh production database). */
async function noAdministrator(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, 'systemadmin'), isNull(users.deletedOn), eq(users.status, 1)));
  return row.n === 0;
}

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
if (config.production) {
  // A database first started in demo mode keeps its demo logins: never serve them in production.
  const demo = await demoLoginsWithPublishedPassword(database.db);
  if (demo.length) {
    await database.close();
    refuse(
      'Refusing to start in production (NODE_ENV=production). Fix each line:\n' +
        `- the database has demo logins with the published password (${demo.join(', ')}): start once without NODE_ENV=production and change their passwords or delete them (Users screen), or start from an empty database`,
    );
  }
}
const needsAdmin = await noAdministrator(database.db);
if (!existsSync(path.join(CLIENT_DIST_DIR, 'index.html')))
  console.warn(
    `No client build in ${CLIENT_DIST_DIR}: run \`npm run build\`; only the API is served`,
  );
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
  `\n${startupBanner({
    port: config.port,
    demo: config.demo,
    databaseKind: database.kind,
    production: config.production,
    publicUrl: config.publicUrl,
    needsAdmin,
  })}`,
);
