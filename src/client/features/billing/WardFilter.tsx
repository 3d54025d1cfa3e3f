/**
 * The ward filter of the payments list, the reconciliation and the reports: every ward in
 * number order, with "all wards" first. A ward admin sees none: the server keeps them to their
 * own ward whatever is picked, so a choice of another ward would only mislabel their figures.
 */
import { NativeSelect, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth';
import { useFormat } from '../../lib/useFormat';
import type { WardOption } from '../registrations';
import { useAllOptions } from '../../lib/useOptions';

export function WardFilter({
  value,
  onChange,
  maw,
}: {
  value: string;
  onChange: (wardId: string) => void;
  maw?: number | MantineSize;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const wards = useAllOptions<WardOption>('wards');
  if (useCurrentUser().userType === 'wardadmin') return null;
  return (
    <NativeSelect
      label={t('payments.ward')}
      name="wardId"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: t('payments.allWards') },
        ...(wards.data ?? [])
          .slice()
          .sort((a, b) => a.number - b.number)
          .map((w) => ({ value: String(w.id), label: `${f.num(w.number)} — ${f.name(w)}` })),
      ]}
      miw={140}
      maw={maw}
    />
  );
}
