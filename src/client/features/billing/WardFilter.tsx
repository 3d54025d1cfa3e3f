/**
 * The ward filter of the payments list and the reconciliation: every ward in number order,
 * with "all wards" first. Both pages filter payments by ward the same way; the server keeps a
 * ward admin to their own ward whatever is picked.
 */
import { NativeSelect, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
