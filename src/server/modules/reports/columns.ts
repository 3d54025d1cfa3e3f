/**
 * The columns of the report files (issue 19 §7): headers from the catalogue in the file's
 * language (`reports.*`, `payments.*`), BS dates, amounts in rupees, statuses and channels in
 * words. The summaries end with a total row (`withTotal`).
 */
import { formatAdAsBsOrAd, toNepaliDigits } from '../../../shared/format.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import type {
  AgeRow,
  CollectionGroup,
  CollectionRow,
  ReceiptRow,
} from '../../../shared/schemas/reports.js';
import type { ExportColumn } from '../../lib/export.js';
import type { ReceiptKind } from './receipts.js';

/** A header in both languages from a catalogue key. */
const h = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });

/** Text in the file's digits (a receipt number, a registration number). */
const digits = (v: string | null, l: Lang) =>
  v == null ? null : l === 'ne' ? toNepaliDigits(v) : v;

/** A row of a summary, or its total row. */
export type Totalled<R> = R & { isTotal?: boolean };

/** `rows` and then `total`, marked as the total row. */
export function withTotal<R extends object>(rows: R[], total: R): Totalled<R>[] {
  return [...(rows as Totalled<R>[]), { ...total, isTotal: true }];
}

/** The receipt register's columns; the cancelled and refunded receipts add the refund's. */
export function receiptColumns(kind: ReceiptKind): ExportColumn<ReceiptRow>[] {
  const cols: ExportColumn<ReceiptRow>[] = [
    { header: h('payments.receiptNo'), value: (p, l) => digits(p.receiptNo, l), width: 18 },
    { header: h('reports.receiptDate'), value: (p, l) => formatAdAsBsOrAd(p.paidDate, l) },
    { header: h('reports.payer'), value: (p) => p.payer, width: 24 },
    { header: h('payments.business'), value: (p) => p.businessName, width: 30 },
    { header: h('applications.submissionNo'), value: (p) => p.submissionNo, width: 16 },
    { header: h('reports.registrationNo'), value: (p, l) => digits(p.registrationNo, l) },
    { header: h('payments.ward'), value: (p) => p.wardNumber, width: 8 },
    {
      header: h('payments.channelLabel'),
      value: (p, l) => translate(l, `payments.channel.${p.channel}`),
    },
    {
      header: h('payments.status'),
      value: (p, l) => translate(l, `payments.payStatus.${p.payStatus}`),
    },
    { header: h('export.totalRupees'), value: (p) => p.total / 100 },
  ];
  if (kind === 'all') return cols;
  return [
    ...cols,
    {
      header: h('refunds.reason'),
      value: (p, l) =>
        p.refundReason ? translate(l, `payments.refundReason.${p.refundReason}`) : null,
      width: 40,
    },
    { header: h('refunds.refundedOn'), value: (p, l) => formatAdAsBsOrAd(p.refundedOn, l) },
    {
      header: h('refunds.method'),
      value: (p, l) => (p.refundMethod ? translate(l, `refunds.methods.${p.refundMethod}`) : null),
    },
    { header: h('reports.refundReference'), value: (p) => p.refundReference, width: 24 },
  ];
}

/** The collection's columns: the group (named by what it is grouped by), receipts, rupees. */
export function collectionColumns(by: CollectionGroup): ExportColumn<Totalled<CollectionRow>>[] {
  return [
    {
      header: h(`reports.by.${by}`),
      value: (r, l) => {
        if (r.isTotal) return translate(l, 'reports.total');
        const name = l === 'ne' ? r.nameNe : r.nameEn;
        return by === 'ward' ? `${l === 'ne' ? toNepaliDigits(r.key) : r.key} — ${name}` : name;
      },
      width: 30,
    },
    { header: h('reports.receipts'), value: (r) => r.count, width: 10 },
    { header: h('export.totalRupees'), value: (r) => r.total / 100 },
  ];
}

/** Applications by status and age: the status, one column per age bucket, the total. */
export function ageColumns(): ExportColumn<Totalled<AgeRow>>[] {
  const n = (k: 'd0_7' | 'd8_30' | 'd31_90' | 'd90plus' | 'total') => ({
    header: h(`reports.age.${k}`),
    value: (r: AgeRow) => r[k],
    width: 12,
  });
  return [
    {
      header: h('reports.status'),
      value: (r, l) =>
        r.isTotal
          ? translate(l, 'reports.total')
          : translate(l, `status.${r.status}`) === `status.${r.status}`
            ? r.status
            : translate(l, `status.${r.status}`),
      width: 20,
    },
    n('d0_7'),
    n('d8_30'),
    n('d31_90'),
    n('d90plus'),
    n('total'),
  ];
}
