/**
 * The before/after comparison of an amendment (issue 19 §1: "staff see a clear before/after
 * comparison"): one row per changed field of the request's `serviceData.changes`, as filed —
 * money in rupees (paisa on the wire), the ward as "Ward N name", the business type by name,
 * the owners as a list, dates in BS, options by their label — in the reader's language and
 * digits.
 */
import { Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formatter } from '../../lib/useFormat';
import { useFormat } from '../../lib/useFormat';
import { historyValue } from './HistoryTab';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The order of the fields in the table: the amendment form's order. */
const ORDER = [
  'capitalMax',
  'capitalCurrent',
  'capitalPaidUp',
  'businessName',
  'businessTypeId',
  'kind',
  'ownerName',
  'fatherOrHusbandName',
  'owners',
  'wardId',
  'locAddress',
  'locTole',
];

const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);

type NamedValue = { number?: number; nameEn?: string; nameNe?: string };
const isNamed = (v: unknown): v is NamedValue =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'nameEn' in v;

/** The label of a changed field. */
export function changeLabel(field: string, t: TFunction): string {
  if (field === 'kind') return t('requests.kind');
  if (field === 'owners') return t('form.sections.owners');
  return t(`form.${field}`, { defaultValue: field }).replace(/ \((BS|वि\.सं\.)\)$/, '');
}

interface OwnerValue {
  name?: string;
  fatherOrHusbandName?: string | null;
  citizenshipNo?: string | null;
}

/** One side of a change, written for a person. */
export function changeValue(field: string, v: unknown, t: TFunction, f: Formatter): ReactNode {
  if (field === 'wardId' && isNamed(v)) {
    return t('requests.changes.ward', { n: f.num(v.number ?? 0), name: f.name(v) });
  }
  if (field === 'businessTypeId' && isNamed(v)) return f.name(v);
  if (field === 'kind' && (v === 'single' || v === 'multiple')) {
    return t(`requests.changes.${v}`);
  }
  if (field === 'rentTaxPeriodMonths' && typeof v === 'number') {
    return t('form.monthsN', { n: f.num(v) });
  }
  if (field === 'owners' && Array.isArray(v)) {
    if (!v.length) return t('requests.changes.noOwners');
    return (
      <ol style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {(v as OwnerValue[]).map((o, i) => (
          <li key={i}>
            <span translate="no">{o.name}</span>
            {o.fatherOrHusbandName && (
              <Text span size="xs" c="dimmed" translate="no">
                {' '}
                ({o.fatherOrHusbandName})
              </Text>
            )}
            {o.citizenshipNo && (
              <Text span size="xs" c="dimmed">
                {' '}
                {f.digits(o.citizenshipNo)}
              </Text>
            )}
          </li>
        ))}
      </ol>
    );
  }
  // names and addresses as written: data, not language (no digit conversion)
  if (typeof v === 'string' && v && !/^\d{4}-\d{2}-\d{2}/.test(v) && field !== 'rentPurpose') {
    return <span translate="no">{v}</span>;
  }
  return historyValue(field, v, t, f);
}

/** The comparison table; `caption` names it for screen readers. */
export function ChangesTable({ changes, caption }: { changes: Changes; caption?: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows = Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('requests.changes.none')}
      </Text>
    );
  }
  return (
    <Table
      withTableBorder
      withColumnBorders
      layout="fixed"
      verticalSpacing="xs"
      horizontalSpacing="xs"
      fz="sm"
      data-testid="changes-table"
      style={{ overflowWrap: 'break-word' }}
    >
      {caption && (
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
          {caption}
        </caption>
      )}
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">{t('requests.changes.field')}</Table.Th>
          <Table.Th>{t('requests.changes.before')}</Table.Th>
          <Table.Th>{t('requests.changes.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([field, c]) => (
          <Table.Tr key={field} data-field={field}>
            <Table.Th scope="row" fw={500}>
              {changeLabel(field, t)}
            </Table.Th>
            <Table.Td c="dimmed">{changeValue(field, c.from, t, f)}</Table.Td>
            <Table.Td fw={600} c="teal.9">
              {changeValue(field, c.to, t, f)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
