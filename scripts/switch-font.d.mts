/** Types of scripts/switch-font.mjs (for its test). */
export declare const SOURCE: string;
export declare const TARGET: string;
export declare const TEXT: string;
export declare function switchFont(text?: string): Promise<Buffer>;
