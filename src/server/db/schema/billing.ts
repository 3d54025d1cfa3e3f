/**
 * Drizzle schema, billing (docs/payments.md): the bills of an application (each assessment a
 * new version: open, superseded or settled), the payments received against them (counter, bank
 * or online gateway, amounts in paisa, with the gateway's references, the idempotency key, the
 * re-check schedule and, for money that could not be credited, the refund), and the
 * trigger-maintained dashboard revenue sums (`payment_stats`, credited payments only).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { adDate, common, money, ts } from './columns.js';
import { users } from './accounts.js';
import { files, applications } from './registrations.js';
import { fiscalYears } from './setup.js';

/** Statuses of a bill: open (payable), superseded (replaced or no longer payable), settled. */
export const BILL_STATUSES = ['open', 'superseded', 'settled'] as const;

/**
 * One assessment of an application's fees (issue 15 §1). A new assessment (verification, or an
 * edit that changes the bill of a verified application) supersedes the open bill and opens the
 * next version; rejection or cancellation supersedes it; the payment that brings its balance
 * to zero settles it. At most one open bill per application (partial unique index).
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    version: integer('version').notNull(),
    /** the Bill of src/shared/fees.ts: lines and amounts, paisa */
    detail: jsonb('detail').notNull(),
    total: money('total').notNull(),
    billStatus: text('bill_status', { enum: BILL_STATUSES }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('bills_app_version_uq').on(t.applicationId, t.version),
    uniqueIndex('bills_one_open_uq')
      .on(t.applicationId)
      .where(sql`bill_status = 'open'`),
  ],
);

/**
 * Statuses of a payment: pending (an online attempt the gateway has not answered finally),
 * completed (received and credited to its bill), failed (the gateway's final no, or 48 hours
 * without a trace), refund_due (received but not creditable), refunded (paid back).
 */
export const PAY_STATUSES = ['pending', 'completed', 'failed', 'refund_due', 'refunded'] as const;

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
    /** the fee of an amendment, closure or duplicate certificate (issue 19), paisa */
    serviceFee: money('service_fee').notNull().default(0),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    paidDate: adDate('paid_date'),
    receiptNo: text('receipt_no'),
    receiptFileId: integer('receipt_file_id').references(() => files.id),
    channel: text('channel', {
      enum: ['counter', 'bank', 'esewa', 'khalti'],
    }).notNull(),
    payStatus: text('pay_status', { enum: PAY_STATUSES }).notNull().default('pending'),
    /** the bill this payment was made against (started for, or credited to) */
    billId: integer('bill_id').references(() => bills.id),
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
    /** when the re-check job asks the gateway next (backoff 1, 5, 15, 60 min, then hourly) */
    nextCheckAt: ts('next_check_at'),
    checkCount: integer('check_count').notNull().default(0),
    /** a newer attempt for the same bill was started; this one is still watched */
    replacedAt: ts('replaced_at'),
    /** why received money could not be credited (refund_due): see docs/payments.md */
    refundReason: text('refund_reason'),
    refundedOn: adDate('refunded_on'),
    refundMethod: text('refund_method'),
    refundReference: text('refund_reference'),
    refundRemarks: text('refund_remarks'),
    refundedBy: integer('refunded_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('payments_fy_receipt_uq').on(t.fiscalYearId, t.receiptNo),
    index('payments_app_idx').on(t.applicationId),
    uniqueIndex('payments_gateway_ref_uq').on(t.channel, t.gatewayRef),
    uniqueIndex('payments_gateway_txn_uq').on(t.channel, t.gatewayTxnId),
    index('payments_pending_idx').on(t.payStatus, t.createdAt),
    index('payments_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`pay_status = 'pending'`),
    index('payments_bill_idx').on(t.billId),
    uniqueIndex('payments_one_open_attempt_uq')
      .on(t.billId)
      .where(
        sql`pay_status = 'pending' and replaced_at is null and channel in ('esewa', 'khalti')`,
      ),
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
