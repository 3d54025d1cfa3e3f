/** Types of scripts/mantine-use-id.mjs (for vite.config.ts and its test). */
import type { Plugin } from 'vite';
export declare const REPLACEMENT: string;
export declare const SPECIFIER: string;
export declare const IMPORTER: RegExp;
export declare function mantineUseId(): Plugin;
