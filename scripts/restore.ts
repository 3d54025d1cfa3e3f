/**
 * `npm run restore -- <file.tar.gz> [--force]`: restores a backup made by `npm run backup` into
 * the configured database and upload folder, which must be empty unless --force, then checks
 * every table, sequence and file against the backup's checksums (src/server/ops/backup.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { BackupError, restoreBackup } from '../src/server/ops/backup.js';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
try {
  const r = await restoreBackup(positionals[0], loadConfig(), { force: values.force });
  console.log(
    `Restored ${positionals[0]} (${r.manifest.kind}, made ${r.manifest.createdAt}): ${r.tables} tables, ${r.rows} rows and ${r.files} files, every checksum verified.`,
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
