/**
 * eSewa ePay v2, as its documentation describes it: https://developer.esewa.com.np/pages/Epay-V2
 * (the "Epay-V2" page; quoted below as [doc]). Amounts are rupees; this module compares them
 * in paisa.
 *
 * - The browser posts a form to {formUrl}/api/epay/main/v2/form with amount, tax_amount,
 *   total_amount, transaction_uuid, product_code, product_service_charge,
 *   product_delivery_charge, success_url, failure_url, signed_field_names and signature.
 *   [doc] "For production please use following url: https://epay.esewa.com.np/api/epay/main/v2/form";
 *   the test form is https://rc-epay.esewa.com.np/api/epay/main/v2/form.
 * - signature = base64(HMAC-SHA256(secret, "total_amount=110,transaction_uuid=241028,product_code=EPAYTEST"))
 *   over the fields named in signed_field_names, in that order. [doc] "Parameters
 *   (total_amount,transaction_uuid,product_code) should be mandatory and should be in the same
 *   order while creating the signature"; its form example signs to
 *   "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=" with the UAT key "8gBm/:&EnhH.1/q".
 * - [doc] "After successful payment, the user is redirected to the success URL … along with the
 *   response parameters encoded in Base64". The decoded example:
 *     { "transaction_code": "000AWEO", "status": "COMPLETE", "total_amount": 1000.0,
 *       "transaction_uuid": "250610-162413", "product_code": "EPAYTEST",
 *       "signed_field_names": "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
 *       "signature": "62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA=" }
 *   `total_amount` is a JSON number there (while the page's base64 example carries the string
 *   "1000.0"), and that signature is the HMAC of "…,total_amount=1000.0,…": eSewa signs the
 *   value as written in the JSON text, not as a JSON parser reads it back (1000). So the
 *   signature is checked over the raw text of each signed field.
 * - [doc] "Status Check": GET {statusUrl}/api/epay/transaction/status/?product_code=EPAYTEST
 *   &total_amount=100&transaction_uuid=123 answers
 *     { "product_code": "EPAYTEST", "transaction_uuid": "123", "total_amount": 100.0,
 *       "status": "COMPLETE", "ref_id": "0001TS9" }
 *   with status PENDING ("Payment Initiated but not been completed yet"), COMPLETE ("Successful
 *   Payment"), FULL_REFUND, PARTIAL_REFUND, AMBIGUOUS ("Payment is at hult state"), NOT_FOUND
 *   ("Payment terminated at eSewa: Session expired"), CANCELED ("Canceled/Reversed from eSewa
 *   side"), and "Service is currently unavailable" ("Server connection timeout"), whose body has
 *   no status at all: { "code": 0, "error_message": "Service is currently unavailable" }.
 *   `total_amount` appears as 100.0 and as 100 (FULL_REFUND example).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { callJson, GatewayError } from './common.js';

/** Paisa → the rupee string eSewa signs ("1500" or "1500.5"): the same on both sides. */
export function rupeesString(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

/**
 * Rupees as eSewa writes them — a JSON number (1000.0, 100) or a string ("1000.0", "110") —
 * to paisa, exactly (no floating point): "1000.0" → 100000, 1000.5 → 100050. Null for anything
 * else: negative, more than two decimals that are not zeros, grouping commas, exponents, NaN.
 */
export function toPaisa(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const decimals = m[2] ?? '';
  if (/[^0]/.test(decimals.slice(2))) return null;
  const paisa = Number(m[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

export interface EsewaConfig {
  formUrl: string;
  statusUrl: string;
  productCode: string;
  secretKey: string;
}

/** The status words of [doc] "Status Check", "Response Types". */
export type EsewaStatus =
  | 'COMPLETE'
  | 'PENDING'
  | 'FULL_REFUND'
  | 'PARTIAL_REFUND'
  | 'AMBIGUOUS'
  | 'NOT_FOUND'
  | 'CANCELED';
const STATUSES: ReadonlySet<string> = new Set<EsewaStatus>([
  'COMPLETE',
  'PENDING',
  'FULL_REFUND',
  'PARTIAL_REFUND',
  'AMBIGUOUS',
  'NOT_FOUND',
  'CANCELED',
]);

/**
 * The fields the success redirect's signature must cover: those of [doc]'s decoded example,
 * "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names".
 * Requiring them keeps the checkout form's own signature (over total_amount, transaction_uuid
 * and product_code, visible to the payer) from passing as an answer of eSewa.
 */
const CALLBACK_SIGNED = [
  'transaction_code',
  'status',
  'total_amount',
  'transaction_uuid',
  'product_code',
  'signed_field_names',
];

/** A verified success redirect: its fields as text, total_amount in rupees and in paisa. */
export interface EsewaCallback {
  transaction_code: string;
  status: string;
  /** rupees, normalised ("1000" for 1000.0, "1000.5" for "1000.50") */
  total_amount: string;
  transaction_uuid: string;
  product_code: string;
  signed_field_names: string;
  signature: string;
  totalPaisa: number;
  /** every field of the decoded JSON as text (total_amount normalised as above) */
  fields: Record<string, string>;
}

// JSON tokens (RFC 8259), for reading a value's text as it was written.
const WS = /[ \t\n\r]*/y;
// (strings loosely: what is inside is checked by JSON.parse, which reads every token again)
const STRING = /"(?:[^"\\]|\\.)*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/**
 * The members of the top-level JSON object in `text`, each as the text eSewa signs: a string's
 * value, a number's or literal's token as written (`1000.0` stays "1000.0"), a nested value's
 * source. Null when `text` is not a JSON object (the caller falls back to parsed values).
 */
export function rawJsonMembers(text: string): Map<string, string> | null {
  let i = 0;
  const eat = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return null;
    i = re.lastIndex;
    return m[0];
  };
  const ws = () => void eat(WS);
  const value = (): string | null => {
    ws();
    const open = text[i];
    if (open === '"') return eat(STRING);
    if (open !== '{' && open !== '[') return eat(NUMBER) ?? eat(LITERAL);
    const close = open === '{' ? '}' : ']';
    const start = i++;
    ws();
    if (text[i] === close) return text.slice(start, ++i);
    for (;;) {
      if (open === '{') {
        ws();
        if (eat(STRING) === null) return null;
        ws();
        if (text[i++] !== ':') return null;
      }
      if (value() === null) return null;
      ws();
      const next = text[i++];
      if (next === close) return text.slice(start, i);
      if (next !== ',') return null;
    }
  };
  ws();
  if (text[i++] !== '{') return null;
  const out = new Map<string, string>();
  ws();
  if (text[i] === '}') return out;
  for (;;) {
    ws();
    const key = eat(STRING);
    if (key === null) return null;
    ws();
    if (text[i++] !== ':') return null;
    const v = value();
    if (v === null) return null;
    try {
      out.set(JSON.parse(key) as string, v.startsWith('"') ? (JSON.parse(v) as string) : v);
    } catch {
      return null; // a string token JSON does not allow (a bad escape, a control character)
    }
    ws();
    const next = text[i++];
    if (next === '}') break;
    if (next !== ',') return null;
  }
  ws();
  return i === text.length ? out : null;
}

/** A parsed JSON value as signing text: strings as they are, null as empty, the rest String(). */
const asText = (v: unknown) =>
  v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number);

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
   * Decodes the base64 `data` of the success redirect and checks its signature over the fields
   * of its signed_field_names, each as written in the JSON (so `"total_amount": 1000.0` is
   * signed as "1000.0"; see the module comment). `total_amount` may be a number or a string.
   * Returns the fields with the amount in rupees and paisa, or null when the data is malformed,
   * the signature does not cover the documented fields, or it does not match (tampered).
   */
  verifyCallback(data: string): EsewaCallback | null {
    const text = Buffer.from(data, 'base64').toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const values = parsed as Record<string, unknown>;
    const raw = rawJsonMembers(text);
    // each field as eSewa signed it: its JSON text where it can be read, else the parsed value
    const signed: Record<string, string> = {};
    const plain: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      plain[k] = asText(v);
      const r = raw?.get(k);
      signed[k] = v === null ? '' : (r ?? plain[k]);
    }
    const names = (signed.signed_field_names ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (!CALLBACK_SIGNED.every((n) => names.includes(n))) return null;
    const given = Buffer.from(signed.signature ?? '');
    if (!given.length) return null;
    const matches = (fields: Record<string, string>) => {
      const expected = Buffer.from(this.sign(fields, names));
      return expected.length === given.length && timingSafeEqual(expected, given);
    };
    if (!matches(signed) && !matches(plain)) return null;
    const amount = values.total_amount;
    const totalPaisa =
      typeof amount === 'number'
        ? toPaisa(signed.total_amount)
        : typeof amount === 'string'
          ? toPaisa(amount)
          : null;
    if (totalPaisa === null || !signed.transaction_uuid) return null;
    const fields: Record<string, string> = { ...signed, total_amount: rupeesString(totalPaisa) };
    return {
      transaction_code: fields.transaction_code ?? '',
      status: fields.status ?? '',
      total_amount: fields.total_amount,
      transaction_uuid: fields.transaction_uuid,
      product_code: fields.product_code ?? '',
      signed_field_names: fields.signed_field_names ?? '',
      signature: fields.signature ?? '',
      totalPaisa,
      fields,
    };
  }

  /**
   * The status check API: what eSewa says about this transaction now. The documented
   * "Service is currently unavailable" answer ({ "code": 0, "error_message": … }, no `status`)
   * and any other answer without a documented status word are a GatewayError — ask again
   * later — never NOT_FOUND. `totalPaisa` is the answer's total_amount (100.0 or 100) in paisa.
   */
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
    if (body.error_message !== undefined || body.code !== undefined || body.status === undefined)
      throw new GatewayError(
        `esewa status check unavailable: ${asText(body.error_message ?? body.code ?? 'no status')}`,
      );
    const status = asText(body.status);
    if (!STATUSES.has(status))
      throw new GatewayError(`esewa status check answered an undocumented status "${status}"`);
    if (body.transaction_uuid != null && asText(body.transaction_uuid) !== transactionUuid)
      throw new GatewayError('esewa status check answered about another transaction');
    const amount = body.total_amount;
    const paisa = typeof amount === 'number' || typeof amount === 'string' ? toPaisa(amount) : null;
    if (paisa === null)
      throw new GatewayError(`esewa status check answered without a total_amount (${status})`);
    return {
      status: status as EsewaStatus,
      totalPaisa: paisa,
      refId: body.ref_id != null && body.ref_id !== '' ? asText(body.ref_id) : null,
    };
  }
}
