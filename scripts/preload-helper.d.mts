/** Types of scripts/preload-helper.mjs (for vite.config.ts and its test). */
import type { Plugin } from 'vite';
export declare const REPLACEMENT: string;
export declare const SPECIFIER: string;
export declare function preloadHelper(): Plugin;
