import type { BuildOptions } from 'esbuild';

/** The esbuild options of the compiled server (server-build-options.mjs). */
export function serverBuildOptions(where: { entry: string; outdir: string }): BuildOptions;
