/**
 * Parts that the registration list and the renewal list share: the filter row above the
 * table, its text search, and the ward and business type columns. Both lists search and show
 * these the same way, so a change to one (a label, a width) reaches the other.
 */
import { Group, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formatter } from '../lib/useFormat';

/** The row of filters: they grow to fill it and wrap on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group mb="sm" gap="sm" align="flex-end" grow preventGrowOverflow={false}>
      {children}
    </Group>
  );
}

/** The list's text search (`q`). */
export function SearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('applications.search')}
      name="q"
      type="search"
      placeholder={t('applications.searchPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      miw={200}
    />
  );
}

/** The ward number, in the language's digits. */
export function wardColumn<T extends { wardNumber: number }>(
  t: TFunction,
  f: Formatter,
): DataTableColumn<T> {
  return {
    accessor: 'wardNumber',
    title: t('applications.ward'),
    noWrap: true,
    textAlign: 'right',
    render: (r) => f.num(r.wardNumber),
  };
}

/** The business type's name in the language. */
export function businessTypeColumn<
  T extends { businessTypeNameEn: string; businessTypeNameNe: string },
>(t: TFunction, f: Formatter): DataTableColumn<T> {
  return {
    accessor: 'businessTypeNameEn',
    title: t('applications.businessType'),
    cellsStyle: () => ({ minWidth: 150 }),
    render: (r) => f.name({ nameEn: r.businessTypeNameEn, nameNe: r.businessTypeNameNe }),
  };
}
