/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

const config = loadConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase(config);
await database.migrate();
console.log(`Migrated (${database.kind}).`);
await database.close();
