/**
 * The `message` of every answer in the reader's language, with its key (issue 17 §8).
 *
 * Routes answer `{message}` with a SPEC §8 text ('Updated Successfully', 'Success', 'Action was
 * successful', 'Application Successfully Submitted!', …), with a catalogue key, or with the
 * text already translated. `messageKeyOf` names the catalogue key of any of these, so one hook
 * (plugins/errors.ts) can answer `message` in the request's language (`?lang=` or
 * Accept-Language) and add `messageKey` beside it for the client to render in the language
 * the screen shows by then. English keeps the SPEC's exact texts.
 */
import { resources, translate, type Lang } from '../../shared/i18n/index.js';

/**
 * Keys a route may answer as its success (or plain failure) message. Every text of these keys,
 * in either language, is recognised.
 */
export const REPLY_MESSAGE_KEYS = [
  'common.updated',
  'common.success',
  'common.actionSuccess',
  'resource.statusChanged',
  'resource.statusFailed',
  'submitted.title',
  'errors.actionFailed',
  'errors.nothingDeleted',
  'messages.paymentPending',
  'messages.refundDue',
] as const;

/** Every error text without placeholders (a 404 of the router, a framework's 400, …). */
const ERROR_KEYS = Object.entries(resources['en-US'].errors)
  .filter(([, text]) => typeof text === 'string' && !text.includes('{{'))
  .map(([k]) => `errors.${k}`);

/** text (either language) → key, for the keys above */
const BY_TEXT = new Map<string, string>();
for (const key of [...REPLY_MESSAGE_KEYS, ...ERROR_KEYS]) {
  for (const lang of Object.keys(resources) as Lang[]) {
    const text = translate(lang, key);
    if (text !== key && !BY_TEXT.has(text)) BY_TEXT.set(text, key);
  }
}

/** Whether `s` is a key of the catalogue that names a text (not a section). */
function isCatalogueKey(s: string): boolean {
  return /^[a-zA-Z]+(\.[\w-]+)+$/.test(s) && translate('en-US', s) !== s;
}

/**
 * The catalogue key of an answer's `message`: the message itself when it is a key, the key of
 * a known reply text in either language, else null (free text, e.g. a gateway's refusal, is
 * passed on as it is).
 */
export function messageKeyOf(message: string): string | null {
  if (isCatalogueKey(message)) return message;
  return BY_TEXT.get(message) ?? null;
}
