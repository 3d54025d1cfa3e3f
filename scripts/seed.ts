/**
 * `npm run db:seed`: migrates, then applies the idempotent seed. Demo logins are added in
 * demo mode (default on the embedded database; DEMO=true|false overrides).
 */
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { seed } from '../src/server/db/seed.js';

const config = loadConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase(config);
await database.migrate();
await seed(database.db, { demo: config.demo });
console.log(`Seeded (${database.kind}${config.demo ? ', with demo logins' : ''}).`);
await database.close();
