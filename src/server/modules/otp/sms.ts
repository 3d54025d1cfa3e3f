/**
 * The text of a code SMS (issue 17 §8, docs/decisions.md "OTP SMS digits"): the sentence in the
 * reader's language and digits (Devanagari in Nepali: the code and the minutes), then, on its
 * own last line, the origin-bound form of the code `@host #123456` (WICG "Origin-bound one-time
 * codes delivered via SMS"). Phones fill a code from that line (Safari's security-code
 * AutoFill, Chrome's WebOTP, keyboard suggestions), and they read Latin digits only; the line
 * also tells the phone which site the code belongs to, so it is not offered to another one.
 */
import { toNepaliDigits } from '../../../shared/format.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';

/** The host of `publicUrl` ('' when it is not a URL): the site the code is bound to. */
export function codeHost(publicUrl: string | undefined): string {
  try {
    return publicUrl ? new URL(publicUrl).hostname : '';
  } catch {
    return '';
  }
}

/**
 * The SMS for `code` (6 Latin digits) of `purpose`, valid `minutes`, in `lang`; with the
 * origin-bound last line when `host` is known.
 */
export function otpSmsText(
  lang: Lang,
  purpose: string,
  code: string,
  minutes: number,
  host: string,
): string {
  const digits = (s: string | number) => (lang === 'ne' ? toNepaliDigits(s) : String(s));
  const text = translate(lang, `sms.${purpose}`, { code: digits(code), minutes: digits(minutes) });
  return host ? `${text}\n\n@${host} #${code}` : text;
}
