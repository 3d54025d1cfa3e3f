/**
 * A BS date range, each end a BsDatePicker (typed as 'YYYY-MM-DD' in Latin or Devanagari
 * digits, or picked from the calendar), converted to AD dates for the API. An incomplete or
 * wrong date is shown as an error and not used.
 */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bsToAd, parseBs } from '../../shared/bs-date.js';
import { BsDatePicker } from './BsDatePicker';

/** AD date of a typed BS date: '' when empty, null when it is not a valid date. */
export function bsTextToAd(text: string): string | null {
  if (!text.trim()) return '';
  const bs = parseBs(text);
  return bs ? bsToAd(bs) : null;
}

export interface BsRangeValue {
  from: string;
  to: string;
}

/** The AD range of the typed BS range; a wrong date (or from after to) is left out. */
export function adRange(v: BsRangeValue): { from: string; to: string; reversed: boolean } {
  const from = bsTextToAd(v.from) ?? '';
  const to = bsTextToAd(v.to) ?? '';
  const reversed = Boolean(from && to && from > to);
  return { from, to, reversed };
}

export function BsRange({
  value,
  onChange,
  required = false,
}: {
  value: BsRangeValue;
  onChange: (v: BsRangeValue) => void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const err = (text: string) => {
    const ad = bsTextToAd(text);
    if (ad === null) return t('validation.date');
    if (required && !ad) return t('validation.required');
    return undefined;
  };
  const { reversed } = adRange(value);
  return (
    // Side by side even on a 360 px phone: a BS date is short.
    <SimpleGrid cols={2} spacing="sm" style={{ flexGrow: 1 }}>
      <BsDatePicker
        label={t('payments.fromBs')}
        name="paidFrom"
        required={required}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        error={err(value.from)}
      />
      <BsDatePicker
        label={t('payments.toBs')}
        name="paidTo"
        required={required}
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        error={err(value.to) ?? (reversed ? t('payments.reversed') : undefined)}
      />
    </SimpleGrid>
  );
}
