/**
 * The languages (SPEC §1, §9): 'en-US' (default) and 'ne'. Apart from ./index.ts so that the
 * browser's code can use them without importing the catalogues (./index.ts imports both, for
 * the server; the client loads the Nepali one in chunks of its own, issue 18 §5).
 */
export const LANGS = ['en-US', 'ne'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en-US';

/** Picks 'ne' when asked for Nepali in any common spelling, else the default. */
export function normalizeLang(v: string | null | undefined): Lang {
  if (!v) return DEFAULT_LANG;
  const s = v.toLowerCase();
  return s.startsWith('ne') ? 'ne' : DEFAULT_LANG;
}

/**
 * Each language's name on the language switch, in its own script (client
 * components/LanguageSwitch.tsx). The Nepali one is drawn with a font of these two characters
 * alone (scripts/switch-font.mjs), so an English page need not fetch a Devanagari font for it.
 */
export const LANG_LABELS: Record<Lang, string> = { 'en-US': 'EN', ne: 'ने' };
