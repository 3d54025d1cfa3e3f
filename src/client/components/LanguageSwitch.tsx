/**
 * English / Nepali switch (SPEC §1); the choice is kept in localStorage `lang`.
 *
 * Two toggle buttons rather than Mantine's SegmentedControl: the SegmentedControl's sliding
 * indicator measures its target (getBoundingClientRect, getComputedStyle) on every change of
 * the page around it, which forced a layout of the whole page at each step of the first render:
 * ~210 ms of a signed-in screen's ~2.6 s of main-thread work at Lighthouse's 4× CPU (issue 18
 * §5, docs/performance.md). The header draws the switch on every screen.
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANG_LABELS, normalizeLang, type Lang } from '../../shared/i18n/langs.js';
import { setLang } from '../lib/i18n';
import './LanguageSwitch.css';

const CHOICES: { value: Lang; label: React.ReactNode }[] = [
  // Each language is named in itself, so "EN" stays Latin in Nepali (translate="no").
  { value: 'en-US', label: <span translate="no">{LANG_LABELS['en-US']}</span> },
  // In a font of its two characters alone, inlined in the CSS (LanguageSwitch.css): the whole
  // Devanagari bold file is not fetched for it on an English page (scripts/switch-font.mjs).
  { value: 'ne', label: <span className="darta-ne-switch">{LANG_LABELS.ne}</span> },
];

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = normalizeLang(i18n.language);
  return (
    <Button.Group aria-label={t('common.language')}>
      {CHOICES.map((c) => (
        <Button
          key={c.value}
          size={size}
          variant={c.value === current ? 'filled' : 'default'}
          aria-pressed={c.value === current}
          lang={c.value}
          onClick={() => {
            if (c.value !== current) void setLang(c.value);
          }}
        >
          {c.label}
        </Button>
      ))}
    </Button.Group>
  );
}
