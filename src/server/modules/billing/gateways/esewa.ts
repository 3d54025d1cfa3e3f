/**
 * eSewa ePay v2 (developer.esewa.com.np "Epay-V2"), as its documentation describes it
 * (amounts are rupees with up to two decimals):
 * - the browser posts a form to {formUrl}/api/epay/main/v2/form with amount, tax_amount,
 *   total_amount, transaction_uuid, product_code, product_service_charge,
 *   product_delivery_charge, success_url, failure_url, signed_field_names and signature;
 * - signature = base64(HMAC-SHA256(secret, "total_amount=…,transaction_uuid=…,product_code=…"))
 *   over the fields named in signed_field_names, in that order;
 * - on success eSewa redirects to success_url?data=<base64 JSON> whose own signature covers
 *   its signed_field_names; the merchant then confirms with the status check API
 *   GET {statusUrl}/api/epay/transaction/status/?product_code&total_amount&transaction_uuid
 *   (status COMPLETE, PENDING, FULL_REFUND, PARTIAL_REFUND, AMBIGUOUS, NOT_FOUND, CANCELED).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { callJson } from './common.js';

/** Paisa → the rupee string eSewa signs ("1500" or "1500.5"): the same on both sides. */
export function rupeesString(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

export interface EsewaConfig {
  formUrl: string;
  statusUrl: string;
  productCode: string;
  secretKey: string;
}

export type EsewaStatus =
  | 'COMPLETE'
  | 'PENDING'
  | 'FULL_REFUND'
  | 'PARTIAL_REFUND'
  | 'AMBIGUOUS'
  | 'NOT_FOUND'
  | 'CANCELED';

export class EsewaGateway {
  constructor(readonly config: EsewaConfig) {}

  /** base64 HMAC-SHA256 over `name=value` pairs of `names`, joined by commas. */
  sign(fields: Record<string, string>, names: string[]): string {
    const message = names.map((n) => `${n}=${fields[n] ?? ''}`).join(',');
    return createHmac('sha256', this.config.secretKey).update(message).digest('base64');
  }

  /** The form the browser posts to eSewa for `totalPaisa` under `transactionUuid`. */
  checkoutForm(opts: {
    transactionUuid: string;
    totalPaisa: number;
    successUrl: string;
    failureUrl: string;
  }): { action: string; fields: Record<string, string> } {
    const total = rupeesString(opts.totalPaisa);
    const fields: Record<string, string> = {
      amount: total,
      tax_amount: '0',
      total_amount: total,
      transaction_uuid: opts.transactionUuid,
      product_code: this.config.productCode,
      product_service_charge: '0',
      product_delivery_charge: '0',
      success_url: opts.successUrl,
      failure_url: opts.failureUrl,
      signed_field_names: 'total_amount,transaction_uuid,product_code',
    };
    fields.signature = this.sign(fields, fields.signed_field_names.split(','));
    return { action: `${this.config.formUrl.replace(/\/$/, '')}/api/epay/main/v2/form`, fields };
  }

  /**
   * Decodes the base64 `data` of the success redirect and checks its signature. Returns the
   * fields, or null when it is malformed or the signature does not match (tampered).
   */
  verifyCallback(data: string): Record<string, string> | null {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== 'object') return null;
    const fields = Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, v == null ? '' : String(v)]),
    );
    const names = (fields.signed_field_names ?? '').split(',').filter(Boolean);
    if (!names.length || !fields.signature) return null;
    const expected = Buffer.from(this.sign(fields, names));
    const given = Buffer.from(fields.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return fields;
  }

  /** The status check API: what eSewa says about this transaction now. */
  async status(
    transactionUuid: string,
    totalPaisa: number,
  ): Promise<{ status: EsewaStatus; totalPaisa: number; refId: string | null }> {
    const q = new URLSearchParams({
      product_code: this.config.productCode,
      total_amount: rupeesString(totalPaisa),
      transaction_uuid: transactionUuid,
    });
    const body = await callJson(
      `${this.config.statusUrl.replace(/\/$/, '')}/api/epay/transaction/status/?${q}`,
      { method: 'GET', headers: { accept: 'application/json' } },
    );
    return {
      status: String(body.status ?? 'NOT_FOUND') as EsewaStatus,
      totalPaisa: Math.round(Number(body.total_amount) * 100),
      refId: body.ref_id != null ? String(body.ref_id) : null,
    };
  }
}
