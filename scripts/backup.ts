/**
 * `npm run backup [-- --out <file.tar.gz>]`: writes the database (PostgreSQL when DATABASE_URL
 * is set, else the PGlite data dir — stop the server first) and the upload folder to one
 * archive with checksums (src/server/ops/backup.ts). Default file: backups/darta-<time>.tar.gz.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { BackupError, createBackup } from '../src/server/ops/backup.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.storage.kind === 's3') {
  // docs/deployment.md "Backups": the bucket's versioning and replication back up its objects
  console.log(
    `STORAGE=s3: this archive holds the database only; the files in bucket ${config.storage.bucket} are backed up by its versioning and replication (docs/deployment.md).`,
  );
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = values.out ?? `backups/darta-${stamp}.tar.gz`;
try {
  const m = await createBackup(config, out);
  const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup written to ${out} (${m.kind}): ${Object.keys(m.tables).length} tables, ${rows} rows, ${Object.keys(m.files).length} files.`,
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
