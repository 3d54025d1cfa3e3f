/**
 * Payment calls of issue 6 (docs/api.md): online payment initiation with an Idempotency-Key,
 * the gateway confirmations, receipts (JSON view and PDF) and the staff list/reconciliation;
 * the refunds of issue 15 (money received that could not be credited to a bill).
 */
import { api, request, saveBlob, type Envelope } from '../../lib/api';
import type { ReceiptView, RefundInput } from '../../../shared/schemas/payments.js';

export type OnlineChannel = 'esewa' | 'khalti';
export type PaymentChannel = 'counter' | 'bank' | OnlineChannel;
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'refund_due' | 'refunded';
/** What a gateway's return settles to; `refund_due`: received but not credited to the bill. */
export type Outcome = 'completed' | 'pending' | 'failed' | 'refund_due';
/** Why received money is to be refunded (i18n `payments.refundReason.<reason>`). */
export type RefundReason = 'alreadyPaid' | 'notPayable' | 'billChanged' | 'amountMismatch';
export type RefundMethod = RefundInput['method'];

export const CHANNELS: PaymentChannel[] = ['counter', 'bank', 'esewa', 'khalti'];
export const PAY_STATUSES: PaymentStatus[] = [
  'pending',
  'completed',
  'failed',
  'refund_due',
  'refunded',
];
export const REFUND_METHODS: RefundMethod[] = ['cash', 'bank', 'esewa', 'khalti'];

/** POST /api/applications/{id}/pay-online. */
export interface Initiation {
  paymentId: number;
  channel: OnlineChannel;
  expiresAt: string;
  /** eSewa: post these fields to `action` */
  form?: { action: string; fields: Record<string, string> };
  /** Khalti: go here */
  redirectUrl?: string;
}

/** A row of GET /api/payments. */
export interface PaymentListRow {
  id: number;
  applicationId: number;
  submissionNo: string;
  businessName: string;
  wardNumber: number;
  channel: PaymentChannel;
  payStatus: PaymentStatus;
  total: number;
  paidDate: string | null;
  receiptNo: string | null;
  gatewayTxnId: string | null;
  createdAt: string;
  /** refund_due and refunded: why the money could not be credited */
  refundReason: RefundReason | null;
  /** refunded: the day it was paid back (AD), how, and its cheque/voucher/transaction no. */
  refundedOn: string | null;
  refundMethod: RefundMethod | null;
  refundReference: string | null;
}

/**
 * A row of GET /api/payments/reconciliation: the money received on one day through one
 * channel (paisa) and where it went. `count` and `total` are the payments credited to bills
 * (`credited` = `total`); received = credited + refundDue + refunded.
 */
export interface ReconciliationRow {
  day: string;
  channel: PaymentChannel;
  count: number;
  total: number;
  received: number;
  credited: number;
  refundDue: number;
  refunded: number;
}

/** The sums of the reconciliation (its `meta`), the same fields as a row. */
export type ReconciliationTotals = Omit<ReconciliationRow, 'day' | 'channel'>;

// ------------------------------------------------------------------- idempotency keys

const KEY_PREFIX = 'darta.payment.';
const storageKey = (appId: number, channel: OnlineChannel) => `${KEY_PREFIX}${appId}.${channel}`;

interface StoredAttempt {
  key: string;
  /** ISO time the server's payment link expires; unknown until it answered */
  expiresAt?: string;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random()
    .toString(36)
    .slice(2)}`;
}

function readAttempt(appId: number, channel: OnlineChannel): StoredAttempt | null {
  try {
    const raw = sessionStorage.getItem(storageKey(appId, channel));
    if (!raw) return null;
    const a = JSON.parse(raw) as StoredAttempt;
    return typeof a.key === 'string' && a.key.length >= 8 ? a : null;
  } catch {
    return null;
  }
}

/**
 * The Idempotency-Key of the open attempt to pay application `appId` through `channel`: the
 * same key while the attempt is open (a double click, a retry, the back button), a new one
 * once the last attempt's link has expired or it was closed with forgetAttempt.
 */
export function attemptKey(appId: number, channel: OnlineChannel, now = Date.now()): string {
  const a = readAttempt(appId, channel);
  if (a && (!a.expiresAt || Date.parse(a.expiresAt) > now)) return a.key;
  const key = newKey();
  sessionStorage.setItem(storageKey(appId, channel), JSON.stringify({ key }));
  return key;
}

function rememberExpiry(appId: number, channel: OnlineChannel, key: string, expiresAt: string) {
  sessionStorage.setItem(storageKey(appId, channel), JSON.stringify({ key, expiresAt }));
}

/** Closes the open attempt (paid, failed, cancelled or refused): the next one gets a new key. */
export function forgetAttempt(appId: number, channel: OnlineChannel): void {
  sessionStorage.removeItem(storageKey(appId, channel));
}

/** Starts (or resumes) an online payment; the same key answers the same payment. */
export async function initiatePayment(appId: number, channel: OnlineChannel): Promise<Initiation> {
  const key = attemptKey(appId, channel);
  const res = await request<Envelope<Initiation>>(`/applications/${appId}/pay-online`, {
    method: 'POST',
    json: { channel },
    headers: { 'Idempotency-Key': key },
    silent: true,
  });
  rememberExpiry(appId, channel, key, res.data.expiresAt);
  return res.data;
}

/** How the page leaves for a gateway (replaced in unit tests; jsdom does not navigate). */
export const browser = {
  submit: (form: HTMLFormElement) => form.submit(),
  assign: (url: string) => window.location.assign(url),
};

/**
 * Sends the browser to the gateway: eSewa takes a form post of the signed fields, Khalti a
 * redirect to its payment page.
 */
export function goToGateway(init: Initiation): void {
  if (init.form) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = init.form.action;
    form.style.display = 'none';
    for (const [name, value] of Object.entries(init.form.fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    browser.submit(form);
    return;
  }
  if (init.redirectUrl) browser.assign(init.redirectUrl);
}

// ------------------------------------------------------------------- confirmations, receipts

/** The confirmation's answer: the outcome and, for refund_due, why. */
export interface Confirmed {
  outcome: Outcome;
  reason?: RefundReason | null;
}

export function confirmPayment(
  channel: OnlineChannel,
  applicationId: number,
  value: string,
): Promise<Envelope<Confirmed>> {
  return request<Envelope<Confirmed>>(`/payments/${channel}/confirm`, {
    method: 'POST',
    json: channel === 'esewa' ? { applicationId, data: value } : { applicationId, pidx: value },
    silent: true,
  });
}

export const receiptKey = (id: number) => ['/payments', 'receipt', id] as const;

export function fetchReceipt(id: number, signal?: AbortSignal) {
  return api.get<Envelope<ReceiptView>>(`/payments/${id}/receipt`, undefined, signal);
}

/** `receipt-<receipt no with anything but letters, digits, _ and - as ->.pdf` (as the server). */
export function receiptFileName(receiptNo: string | null | undefined, id: number): string {
  return `receipt-${receiptNo ? receiptNo.replace(/[^\w-]/g, '-') : id}.pdf`;
}

/** Fetches the receipt PDF with the bearer token and saves it. */
export async function downloadReceipt(id: number, receiptNo: string | null): Promise<void> {
  const blob = await api.blob(`/payments/${id}/receipt.pdf`);
  saveBlob(blob, receiptFileName(receiptNo, id));
}

export interface ReconciliationQuery {
  from: string;
  to: string;
  wardId?: number;
}

export function fetchReconciliation(q: ReconciliationQuery, signal?: AbortSignal) {
  return api.get<{ data: ReconciliationRow[]; meta: ReconciliationTotals }>(
    '/payments/reconciliation',
    { ...q, format: 'json' },
    signal,
  );
}

/**
 * POST /api/payments/{id}/refund (record-payments): the refund of a refund-due payment was paid
 * back on `refundedOn` (AD) by `method`. 409 when it is not refund due; 422 field errors.
 */
export function recordRefund(id: number, input: RefundInput) {
  return api.postJson<{ message: string }>(`/payments/${id}/refund`, input);
}

/** GET /api/payments/{id}/receipt. */
export type { ReceiptView };
