/**
 * The bill's lines and total, shown on the application's information tab, in the fee estimate
 * and in the counter payment dialog. Its own module so that the detail page can show the bill
 * without loading the payment dialog's code (issue 18 §5).
 */
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Bill } from '../../../shared/fees.js';
import { useFormat } from '../../lib/useFormat';

/** The bill as a table of lines and total (amounts in paisa via formatPaisa). */
export function BillTable({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table withTableBorder layout="fixed">
      <Table.Tbody>
        {bill.lines.map((l) => (
          <Table.Tr key={l.key}>
            <Table.Td>{t(`bill.${l.key}`)}</Table.Td>
            <Table.Td ta="right">
              {l.key === 'discount' && l.amount ? `− ${f.money(l.amount)}` : f.money(l.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>{t('bill.total')}</Table.Th>
          <Table.Th ta="right">{f.money(bill.total)}</Table.Th>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
