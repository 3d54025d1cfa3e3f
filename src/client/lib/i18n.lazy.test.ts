/**
 * The Nepali catalogue is not bundled with the first load (lib/i18n.ts): it arrives through the
 * i18next backend when Nepali is chosen or asked for, and switching waits for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { i18nReady, loadLangs, setLang } from './i18n';

afterEach(async () => {
  await setLang('en-US');
});

describe('lazily loaded Nepali catalogue', () => {
  it('starts with English only', async () => {
    await i18nReady;
    expect(i18n.language).toBe('en-US');
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ne', 'translation')).toBe(false);
    expect(i18n.t('app.name')).toBe('Darta');
  });

  it('loads Nepali before switching to it, and sets <html lang>', async () => {
    await setLang('ne');
    expect(i18n.hasResourceBundle('ne', 'translation')).toBe(true);
    expect(i18n.t('app.name')).toBe('दर्ता');
    expect(document.documentElement.lang).toBe('ne');
    expect(document.title).toBe('दर्ता');
    expect(localStorage.getItem('lang')).toBe('ne');
  });

  it('loads a catalogue without switching to it (the bilingual certificate)', async () => {
    await loadLangs(['en-US', 'ne']);
    expect(i18n.language).toBe('en-US');
    expect(i18n.getFixedT('ne')('app.name')).toBe('दर्ता');
    expect(i18n.t('app.name')).toBe('Darta');
  });
});
