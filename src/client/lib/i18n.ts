/**
 * i18next set up from the shared catalogue (src/shared/i18n). The language is kept in
 * localStorage under `lang` (SPEC §1, §9): 'en-US' by default, 'ne' as the alternative.
 * `<html lang>` follows the language so screen readers and fonts pick the right script.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, normalizeLang, resources, type Lang } from '../../shared/i18n/index.js';

export const LANG_KEY = 'lang';

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

void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { translation: resources['en-US'] },
    ne: { translation: resources.ne },
  },
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  // Only the two exact codes exist; without this i18next would also look for 'en'.
  load: 'currentOnly',
  supportedLngs: ['en-US', 'ne'],
  interpolation: { escapeValue: false },
  returnNull: false,
  // Resources are bundled, so init is synchronous and the first render is translated.
  initAsync: false,
});
applyHtmlLang(i18n.language);

/** The active language, always one of the two supported codes. */
export function currentLang(): Lang {
  return normalizeLang(i18n.language);
}

/** Switches language, remembers it and updates `<html lang>`. */
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
  return i18n.exists(msg) ? i18n.t(msg) : msg;
}

export default i18n;
