/**
 * i18next set up from the shared catalogue (src/shared/i18n). The language is kept in
 * localStorage under `lang` (SPEC §1, §9): 'en-US' by default, 'ne' as the alternative.
 * `<html lang>` follows the language so screen readers and fonts pick the right script.
 *
 * Only the English catalogue is in the first-load bundle (it is the default and the fallback
 * language); the Nepali one (~18 KB gzip) is its own chunk, fetched when Nepali is the stored
 * language or is chosen (issue 8 §2, login first load ≤ 170 KB gzip). i18next loads it through
 * the backend below, so `changeLanguage('ne')` resolves only once the Nepali text is there.
 * The service worker precaches the chunk like every other, so switching works offline too.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../../shared/i18n/en-US.js';
import { DEFAULT_LANG, LANGS, normalizeLang, type Lang } from '../../shared/i18n/index.js';

export const LANG_KEY = 'lang';

/** Fetches a catalogue that is not bundled (only 'ne'; 'en-US' is passed as `resources`). */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  // read() returns a promise (i18next ≥ 26.7 asks backends to declare their style).
  callbackApi: false,
  init() {},
  read: ((lng: string) =>
    lng === 'ne'
      ? import('../../shared/i18n/ne.js').then((m) => m.default)
      : Promise.resolve(enUS)) as unknown as BackendModule['read'],
};

function storedLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_KEY);
    return v ? normalizeLang(v) : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

function applyHtmlLang(lang: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18n.t('app.name');
}

/**
 * Resolves once the stored language's catalogue is loaded: at once for English, after the
 * Nepali chunk arrives otherwise. main.tsx renders only then, so the first screen is never
 * English for a Nepali reader.
 */
export const i18nReady: Promise<void> = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { 'en-US': { translation: enUS } },
    // Ask the backend for whatever `resources` lacks (the Nepali catalogue).
    partialBundledLanguages: true,
    lng: storedLang(),
    fallbackLng: DEFAULT_LANG,
    // Only the two exact codes exist; without this i18next would also look for 'en'.
    load: 'currentOnly',
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
    // English is bundled, so for it init finishes synchronously and the first render is
    // translated; Nepali waits for its chunk (see i18nReady).
    initAsync: false,
  })
  .then(() => applyHtmlLang(i18n.language));

/**
 * Loads catalogues without switching to them (e.g. the bilingual certificate needs both).
 * Never rejects: a failed fetch (offline, no cached chunk) leaves the English fallback.
 */
export function loadLangs(langs: readonly Lang[]): Promise<void> {
  return i18n.loadLanguages([...langs]).catch(() => undefined);
}

/** The active language, always one of the two supported codes. */
export function currentLang(): Lang {
  return normalizeLang(i18n.language);
}

/** Switches language (fetching its catalogue first), remembers it and updates `<html lang>`. */
export async function setLang(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

/**
 * Renders a message that may be a catalogue key (schema messages are keys) or text the
 * server already translated.
 */
export function tMessage(msg: string | undefined | null): string {
  if (!msg) return '';
  if (i18n.exists(msg)) return i18n.t(msg);
  // Not one of our keys: a validation library's own text, which is English. A Nepali screen
  // says 'not valid' in Nepali instead (issue 17 §8); text already in Nepali is kept.
  if (currentLang() === 'ne' && !/[\u0900-\u097F]/.test(msg) && /[A-Za-z]{2,}/.test(msg))
    return i18n.t('validation.invalid');
  return msg;
}

export default i18n;
