// `npm run build` (after vite build): the server compiled into dist/server/main.js and the
// chunks it imports, ES modules for Node 20 with every npm package left external (they load from node_modules at run
// time, so `npm ci` or `npm ci --omit=dev` must have installed them). `npm run start:prod`
// runs it with plain node. What it reads at run time is found from the application folder
// (src/server/lib/paths.ts): db/migrations, db/seed and dist/client — so dist/server must stay
// inside the checkout it was built from (or a copy with those folders).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');
await rm(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  ...serverBuildOptions({ entry: path.join(root, 'src/server/main.ts'), outdir }),
  // stack traces name the TypeScript sources (node --enable-source-maps, set by start:prod)
  sourcemap: 'linked',
  // main.ts: the compiled server runs as NODE_ENV=production unless NODE_ENV says otherwise
  define: { __DARTA_COMPILED__: 'true' },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `Server built: dist/server/main.js (${Object.keys(result.metafile.inputs).length} sources, ${Math.round(bytes / 1024)} KiB with its source map) in ${Date.now() - started} ms`,
);
