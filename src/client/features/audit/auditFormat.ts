/**
 * An audit row written for people (issue 17 §7): the event's label (src/shared/audit-labels.ts)
 * instead of its code, and its `data` as a list of "field: before → after" or "field: value"
 * lines — field names from the catalogue, money in rupees (the trail stores paisa), statuses and
 * active/inactive by name, dates in BS, Yes/No — instead of a raw dump.
 */
import type { TFunction } from 'i18next';
import { auditEntityKey, auditLabel } from '../../../shared/audit-labels.js';
import { bsDateTime } from '../../lib/bsDateTime';
import type { Formatter } from '../../lib/useFormat';

/** Fields the server stores in paisa. */
const MONEY = new Set([
  'total',
  'amount',
  'taxAmount',
  'renewAmount',
  'renewFine',
  'renewDiscount',
  'minCapital',
  'maxCapital',
  'businessTax',
  'fine',
  'rentTax',
  'adminCost',
  'serviceFee',
  'amendmentFee',
  'closureFee',
  'duplicateFee',
  'discount',
  'capitalMax',
  'capitalCurrent',
  'capitalPaidUp',
  'rentMonthly',
]);
/** Codes and numbers whose digits follow the language; other text is shown as typed (data). */
const CODES = new Set(['code', 'receiptNo', 'registrationNo', 'submissionNo', 'renewal']);
const APP_STATUSES = new Set(['pending', 'verified', 'paid', 'approved', 'rejected', 'cancelled']);

/** The event's label in the user's language; the code itself when it has none. */
export function eventLabel(action: string, t: TFunction): string {
  const label = auditLabel(action);
  if (!label) return action;
  return t(label.key, { what: label.what ? t(label.what) : '' });
}

/** The record kind's name ('fiscal-years' → 'Fiscal year'); the entity itself when unknown. */
export function entityLabel(entity: string, t: TFunction): string {
  return t(auditEntityKey(entity), { defaultValue: entity });
}

/** A field's name: the audit catalogue, then the setup and form labels, then the key itself. */
export function fieldLabel(key: string, t: TFunction): string {
  const text = t(`staff.audit.field.${key}`, {
    defaultValue: t(`fields.${key}`, {
      defaultValue: t(`form.${key}`, { defaultValue: t(`bill.${key}`, { defaultValue: key }) }),
    }),
  });
  return text.replace(/ \((BS|वि\.सं\.)\)$/, '');
}

/** One value, for a person. */
export function auditValue(key: string, v: unknown, t: TFunction, f: Formatter): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'staff.history.yes' : 'staff.history.no');
  if (typeof v === 'number') {
    if (MONEY.has(key)) return f.money(v);
    if (key === 'status') return t(v === 1 ? 'staff.audit.active' : 'staff.audit.inactive');
    // a reference to another record (fiscalYearId, businessTypeId, …): its number
    if (/Id$/.test(key)) return `#${f.num(v)}`;
    return f.num(v);
  }
  if (typeof v === 'string') {
    if (APP_STATUSES.has(v) && (key === 'from' || key === 'to' || key === 'status'))
      return t(`status.${v}`);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return f.date(v);
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return bsDateTime(v, f);
    return CODES.has(key) ? f.digits(v) : v;
  }
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    return v
      .map((o) =>
        o && typeof o === 'object' && 'name' in o
          ? String((o as { name: unknown }).name)
          : auditValue(key, o, t, f),
      )
      .join(', ');
  }
  return '—';
}

export interface DetailLine {
  label: string;
  text: string;
}

/** The `data` of an audit row of `action` as readable lines (empty when there is nothing). */
export function auditDetails(
  action: string,
  data: unknown,
  t: TFunction,
  f: Formatter,
): DetailLine[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const d = data as Record<string, unknown>;
  const lines: DetailLine[] = [];
  const change = (key: string, from: unknown, to: unknown) =>
    `${auditValue(key, from, t, f)} → ${auditValue(key, to, t, f)}`;
  const scalar = (v: unknown) => v === null || typeof v !== 'object';
  if ('from' in d && 'to' in d && scalar(d.from) && scalar(d.to)) {
    const year = action === 'fiscal-years.make-current';
    lines.push({
      label: year ? t('staff.fiscalYear.currentColumn') : fieldLabel('status', t),
      text: year
        ? `${auditValue('code', d.from, t, f)} → ${auditValue('code', d.to, t, f)}`
        : change(action.endsWith('.status') ? 'status' : 'to', d.from, d.to),
    });
  }
  if (d.changes && typeof d.changes === 'object') {
    for (const [key, c] of Object.entries(d.changes as Record<string, unknown>)) {
      const pair = (c ?? {}) as { from?: unknown; to?: unknown };
      lines.push({ label: fieldLabel(key, t), text: change(key, pair.from, pair.to) });
    }
  }
  for (const [key, v] of Object.entries(d)) {
    if (key === 'changes' || key === 'from' || key === 'to') continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) continue;
    lines.push({ label: fieldLabel(key, t), text: auditValue(key, v, t, f) });
  }
  return lines;
}
