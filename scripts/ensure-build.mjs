// Builds the client once if dist/client is missing or older than the sources, so that
// `npm start` works on a fresh clone with no separate build step. Production does not use it:
// `npm run build` once per release, then `npm run start:prod` (docs/deployment.md).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('dist/client/index.html');
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = path.join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
const stale =
  !existsSync(out) ||
  newest('src/client') > statSync(out).mtimeMs ||
  newest('src/shared') > statSync(out).mtimeMs;
if (stale) {
  if (!existsSync(path.resolve('node_modules/vite/package.json'))) {
    // e.g. an install without devDependencies (npm ci --omit=dev, npm prune --omit=dev)
    console.error(
      'The client build (dist/client) is missing or older than the sources, and vite is not ' +
        'installed to build it: run `npm ci && npm run build` (docs/deployment.md).',
    );
    process.exit(1);
  }
  console.log('Building the client (vite build)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
