/**
 * Translation catalogue shared by the client (i18next resources) and the server (error
 * messages in the user's language). Languages: 'en-US' (default) and 'ne' (SPEC §1, §9).
 */
import enUS from './en-US.js';
import { type Lang } from './langs.js';
import ne from './ne.js';

export { DEFAULT_LANG, LANGS, normalizeLang, type Lang } from './langs.js';
export const resources = { 'en-US': enUS, ne } as const;

/**
 * Looks up a dotted key (e.g. 'errors.notFound') and fills `{{name}}` placeholders.
 * Returns the key itself when missing, so a missing key is visible rather than blank.
 */
export function translate(
  lang: Lang,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  let node: unknown = resources[lang];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/** Every leaf key of a catalogue, dotted. */
export function leafKeys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
