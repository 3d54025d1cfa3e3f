/** English / Nepali switch (SPEC §1); the choice is kept in localStorage `lang`. */
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizeLang, type Lang } from '../../shared/i18n/langs.js';
import { setLang } from '../lib/i18n';

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('common.language')}
      value={normalizeLang(i18n.language)}
      onChange={(v) => void setLang(v as Lang)}
      data={[
        // Each language is named in itself, so "EN" stays Latin in Nepali (translate="no").
        { value: 'en-US', label: <span translate="no">EN</span> },
        { value: 'ne', label: 'ने' },
      ]}
    />
  );
}
