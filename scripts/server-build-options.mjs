// The esbuild options of the compiled server, shared by `npm run build` (build-server.mjs), the
// fault tests' bundled server (test/faults/crash-harness.ts) and the test that keeps start-up
// lean (build-server.test.ts), so the three cannot drift apart.

/**
 * esbuild options that compile `entry` (a TypeScript file of the server) into `outdir`: ES
 * modules for Node 20, every npm package left external (loaded from node_modules at run time).
 * `splitting`: what the server imports only when asked for (the S3 store with the AWS SDK;
 * main.ts's imports after the environment is read) stays a chunk of its own, loaded on that
 * import; in one file, esbuild would hoist the packages those modules import to the top of it,
 * and every start would load them.
 * @param {{ entry: string, outdir: string }} where
 * @returns {import('esbuild').BuildOptions}
 */
export function serverBuildOptions({ entry, outdir }) {
  return {
    entryPoints: [entry],
    outdir,
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
  };
}
