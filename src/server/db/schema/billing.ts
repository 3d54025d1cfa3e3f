/**
 * Drizzle schema, billing: payments of an application (counter, bank or online gateway, amounts
 * in paisa, with the gateway's references and the idempotency key) and the trigger-maintained
 * dashboard revenue sums (`payment_stats`).
 */
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { adDate, common, money, ts } from './columns.js';
import { users } from './accounts.js';
import { files, applications } from './registrations.js';
import { fiscalYears } from './setup.js';

export const payments = pgTable(
  'payments',
  {
    ...common,
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    fiscalYearId: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id),
    businessTax: money('business_tax').notNull(),
    fine: money('fine').notNull(),
    rentTax: money('rent_tax').notNull(),
    adminCost: money('admin_cost').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    paidDate: adDate('paid_date'),
    receiptNo: text('receipt_no'),
    receiptFileId: integer('receipt_file_id').references(() => files.id),
    channel: text('channel', {
      enum: ['counter', 'bank', 'esewa', 'khalti'],
    }).notNull(),
    payStatus: text('pay_status', { enum: ['pending', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    recordedBy: integer('recorded_by').references(() => users.id),
    /** eSewa transaction_uuid or Khalti pidx (ours to look the payment up by) */
    gatewayRef: text('gateway_ref'),
    idempotencyKey: text('idempotency_key').unique(),
    /** the gateway's own transaction code (eSewa transaction_code / ref_id, Khalti transaction_id) */
    gatewayTxnId: text('gateway_txn_id'),
    /** where the browser goes to pay (Khalti payment_url) */
    gatewayUrl: text('gateway_url'),
    /** the gateway's last answer (COMPLETE, Pending, …) */
    gatewayStatus: text('gateway_status'),
    /** an online payment link stops being accepted after this (30 minutes) */
    expiresAt: ts('expires_at'),
    checkedAt: ts('checked_at'),
  },
  (t) => [
    uniqueIndex('payments_fy_receipt_uq').on(t.fiscalYearId, t.receiptNo),
    index('payments_app_idx').on(t.applicationId),
    uniqueIndex('payments_gateway_ref_uq').on(t.channel, t.gatewayRef),
    uniqueIndex('payments_gateway_txn_uq').on(t.channel, t.gatewayTxnId),
    index('payments_pending_idx').on(t.payStatus, t.createdAt),
  ],
);

/**
 * Dashboard revenue: completed payments of live applications summed per the application's
 * ward and fiscal year (0 = none), the payment's fiscal year and its paid date ('infinity'
 * when not set). Kept exact by triggers on `payments` and on `applications` (a change of ward,
 * fiscal year or deletion moves the sums), migration 0009_dashboard_stats.
 */
export const paymentStats = pgTable(
  'payment_stats',
  {
    wardId: integer('ward_id').notNull(),
    appFiscalYearId: integer('app_fiscal_year_id').notNull(),
    fiscalYearId: integer('fiscal_year_id').notNull(),
    paidDate: adDate('paid_date').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_stats_pk',
      columns: [t.wardId, t.appFiscalYearId, t.fiscalYearId, t.paidDate],
    }),
  ],
);
