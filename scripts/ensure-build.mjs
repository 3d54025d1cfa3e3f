// Builds the client once if dist/client is missing or older than the sources, so that
// `npm start` works on a fresh clone with no separate build step.
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
  console.log('Building the client (vite build)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
