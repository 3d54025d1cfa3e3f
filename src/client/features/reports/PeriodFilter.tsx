/**
 * The reports' period, in BS: a fiscal year (the current one and the four before it) or a BS
 * date range (BsRange), given to the reports as AD dates.
 */
import { NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBs, todayAd, todayBs } from '../../../shared/bs-date.js';
import { fiscalYearFromStart, fiscalYearOf } from '../../../shared/fiscal-year.js';
import { adRange, BsRange, type BsRangeValue } from '../../components/BsRange';
import { useFormat } from '../../lib/useFormat';
import type { Lang } from '../../../shared/i18n/index.js';

export interface PeriodValue {
  /** a fiscal year's start BS year ('2082'), or 'custom' for the range */
  choice: string;
  range: BsRangeValue;
}

/** The current fiscal year, and this month to today as the range when "dates" is chosen. */
export function initialPeriod(lang: Lang): PeriodValue {
  const today = todayBs();
  return {
    choice: String(fiscalYearOf(todayAd()).startBsYear),
    range: { from: formatBs({ ...today, day: 1 }, lang), to: formatBs(today, lang) },
  };
}

/** The AD dates of a period; `valid` false while the range is incomplete or reversed. */
export function periodDates(v: PeriodValue): { from: string; to: string; valid: boolean } {
  if (v.choice !== 'custom') {
    const fy = fiscalYearFromStart(Number(v.choice));
    return { from: fy.startAd, to: fy.endAd, valid: true };
  }
  const { from, to, reversed } = adRange(v.range);
  return { from, to, valid: Boolean(from && to && !reversed) };
}

export function PeriodFilter({
  value,
  onChange,
}: {
  value: PeriodValue;
  onChange: (v: PeriodValue) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const current = fiscalYearOf(todayAd()).startBsYear;
  const years = [0, 1, 2, 3, 4].map((i) => fiscalYearFromStart(current - i));
  return (
    <Stack gap="xs" maw={420} style={{ flex: '1 1 260px' }}>
      <NativeSelect
        label={t('reports.period')}
        name="period"
        value={value.choice}
        onChange={(e) => onChange({ ...value, choice: e.currentTarget.value })}
        data={[
          ...years.map((fy) => ({
            value: String(fy.startBsYear),
            label: t('reports.fiscalYear', { code: f.lang === 'ne' ? fy.nameNe : fy.code }),
          })),
          { value: 'custom', label: t('reports.custom') },
        ]}
        maw={260}
      />
      {value.choice === 'custom' && (
        <BsRange value={value.range} onChange={(range) => onChange({ ...value, range })} required />
      )}
    </Stack>
  );
}
