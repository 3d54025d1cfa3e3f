/**
 * Where the files the server reads at run time are: the committed migrations (db/migrations),
 * the seed data (db/seed) and the built client (dist/client). They are found from the
 * application folder, the nearest folder above this module that holds `package.json` and
 * `db/migrations`: src/server/lib when run through tsx (`npm start`, the tests), dist/server
 * when run as the compiled bundle (`npm run start:prod`), or any other depth (a test bundle).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The nearest folder at or above `start` with `package.json` and `db/migrations`.
 * @throws Error naming `start` when there is none (the files were not installed with the code).
 */
export function findAppRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'db/migrations')))
      return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`Darta's folder (with db/migrations) was not found above ${start}`);
  }
}

/** The application folder (the repository, or the installed copy of it). */
export const APP_ROOT = findAppRoot(import.meta.dirname);
/** drizzle-kit's migrations, applied on start. */
export const MIGRATIONS_DIR = path.join(APP_ROOT, 'db', 'migrations');
/** Reference data the seed reads. */
export const SEED_DATA_DIR = path.join(APP_ROOT, 'db', 'seed');
/** The client build (`npm run build`), served as the SPA. */
export const CLIENT_DIST_DIR = path.join(APP_ROOT, 'dist', 'client');
