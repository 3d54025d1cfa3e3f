/**
 * Formatting in the active language (SPEC §1, issue 2 §6): with 'ne' every number, amount and
 * date is written with Devanagari digits; dates are always shown in BS.
 */
import { useTranslation } from 'react-i18next';
import { normalizeLang, type Lang } from '../../shared/i18n/langs.js';
import { formatAdAsBs, formatNumber, formatPaisa, toNepaliDigits } from '../../shared/format.js';
import { useCalendarVersion } from './calendar';

export interface Formatter {
  lang: Lang;
  /** 1,23,456 / १,२३,४५६ */
  num: (n: number | null | undefined) => string;
  /** paisa → Rs. 1,23,456.00 / रु. १,२३,४५६.०० */
  money: (paisa: number | null | undefined) => string;
  /** AD date or timestamp → BS 'YYYY-MM-DD' in the language's digits; '' when empty */
  date: (ad: string | null | undefined) => string;
  /** Digits of free text (registration numbers, phone numbers) in the language's digits. */
  digits: (s: string | number | null | undefined) => string;
  /** Picks the Nepali or English variant of a named record. */
  name: (r: { nameEn?: string | null; nameNe?: string | null } | null | undefined) => string;
}

export function makeFormatter(lang: Lang): Formatter {
  return {
    lang,
    num: (n) => (n == null ? '' : formatNumber(n, lang)),
    money: (p) => (p == null ? '' : formatPaisa(p, lang)),
    date: (ad) => {
      if (!ad) return '';
      try {
        return formatAdAsBs(ad, lang);
      } catch {
        return lang === 'ne' ? toNepaliDigits(ad) : ad;
      }
    },
    digits: (s) => (s == null ? '' : lang === 'ne' ? toNepaliDigits(String(s)) : String(s)),
    name: (r) => {
      if (!r) return '';
      return (lang === 'ne' ? r.nameNe || r.nameEn : r.nameEn || r.nameNe) ?? '';
    },
  };
}

/**
 * The formatter for the current language; re-renders when the language changes, and when the
 * BS calendar's corrections do (lib/calendar.ts), so dates are redrawn with them.
 */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  useCalendarVersion();
  return makeFormatter(normalizeLang(i18n.language));
}
