/**
 * i18next set up from the shared catalogue (src/shared/i18n). The language is kept in
 * localStorage under `lang` (SPEC §1, §9): 'en-US' by default, 'ne' as the alternative.
 * `<html lang>` follows the language so screen readers and fonts pick the right script.
 *
 * Only the English catalogue is in the first-load bundle (it is the default and the fallback
 * language); the Nepali one (~24 KB gzip) is its own chunk, fetched when Nepali is the stored
 * language or is chosen (issue 8 §2, login first load ≤ 170 KB gzip). i18next loads it through
 * the backend below, so `changeLanguage('ne')` resolves only once the Nepali text is there. On
 * the sign-in screen only its own strings are fetched (~5 KB gzip); the rest comes with the next
 * screen's code (`loadAllTexts`, issue 18 §5).
 * The service worker precaches the chunk like every other, so switching works offline too.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../../shared/i18n/en-US.js';
import { DEFAULT_LANG, LANGS, normalizeLang, type Lang } from '../../shared/i18n/langs.js';

export const LANG_KEY = 'lang';

/**
 * The sign-in screen's paths: there, Nepali starts with the sign-in strings alone
 * (shared/i18n/ne-signin.ts, ~5 KB gzip); everywhere else with the whole catalogue (issue 18 §5).
 */
const SIGN_IN_PATHS = ['/', '/user/login'];

/**
 * Whether the whole Nepali catalogue is wanted: the app was opened elsewhere than on the sign-in
 * screen, or another screen has been opened since (`loadAllTexts`). Always under vitest: tests
 * render screens directly, not through App.tsx's lazy pages.
 */
let wantAll =
  import.meta.env.MODE === 'test' ||
  typeof window === 'undefined' ||
  !SIGN_IN_PATHS.includes(window.location.pathname);
/** The whole Nepali catalogue is in i18next's store. */
let nepaliComplete = false;

const wholeNepali = () =>
  import('../../shared/i18n/ne.js').then((m) => {
    nepaliComplete = true;
    return m.default;
  });

/**
 * Fetches a catalogue that is not bundled (only 'ne'; 'en-US' is passed as `resources`): the
 * sign-in strings or the whole catalogue, see `wantAll`.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  // read() returns a promise (i18next ≥ 26.7 asks backends to declare their style).
  callbackApi: false,
  init() {},
  read: ((lng: string) =>
    lng !== 'ne'
      ? Promise.resolve(enUS)
      : wantAll
        ? wholeNepali()
        : import('../../shared/i18n/ne-signin.js').then(
            (m) => m.default,
          )) as unknown as BackendModule['read'],
};

/**
 * Makes sure every Nepali string is there before a screen other than the sign-in one renders
 * (app/App.tsx loads each lazy page with this): fetches the rest of the catalogue when Nepali is
 * in use with the sign-in strings only, and from now on switching to Nepali loads it whole.
 * Never rejects (offline without the chunk cached: the English fallback shows).
 */
export function loadAllTexts(): Promise<void> {
  wantAll = true;
  if (nepaliComplete || !i18n.hasResourceBundle('ne', 'translation')) return Promise.resolve();
  return wholeNepali()
    .then((all) => {
      // Deep and overwriting: the sign-in sections are the same texts, the rest is added.
      i18n.addResourceBundle('ne', 'translation', all, true, true);
    })
    .catch(() => undefined);
}

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
