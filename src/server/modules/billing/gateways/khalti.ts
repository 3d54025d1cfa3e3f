/**
 * Khalti ePayment / KPG-2, as its documentation describes it: https://docs.khalti.com/khalti-epayment/
 * ("Web Checkout (KPG-2)"; source khalti/docs.khalti.com content/khalti-epayment.md; quoted
 * below as [doc]). Amounts are paisa.
 *
 * - [doc] "API Endpoints": Sandbox https://a.khalti.com/api/v2/, Production https://khalti.com/api/v2/.
 *   Requests carry `Authorization: Key <secret>`.
 * - POST {base}/epayment/initiate/ with return_url, website_url, amount (paisa),
 *   purchase_order_id, purchase_order_name → [doc] "Success Response"
 *   { "pidx": "bZQLD9wRVWo4CdESSfuSsB", "payment_url": "https://test-pay.khalti.com/?pidx=…",
 *     "expires_at": "2023-05-25T16:26:16.471649+05:45", "expires_in": 1800 }.
 * - After payment Khalti redirects to return_url?pidx=…&status=…; [doc] "Please use the lookup
 *   API for the final validation of the transaction."
 * - POST {base}/epayment/lookup/ { "pidx": "HT6o6PEZRWFJ5ygavzHWd5" } → [doc] "Success Response"
 *   { "pidx": "HT6o6PEZRWFJ5ygavzHWd5", "total_amount": 1000, "status": "Completed",
 *     "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe", "fee": 0, "refunded": false }
 *   and the same shape for Pending, Initiated, Refunded ("refunded": true), Expired and
 *   "User canceled" (transaction_id null). [doc] "Payment Status Code": Completed 200,
 *   Pending 200, Expired 400, Initiated 200, Refunded 200, User canceled 400,
 *   Partially Refunded 200. So an HTTP 400 whose body says Expired or User canceled is a final
 *   answer, not a failure of the gateway.
 * - [doc] "Lookup status": "Only the status with Completed must be treated as success";
 *   "Status Canceled, Expired, Failed must be treated as failed"; "For status other than
 *   these, hold the transaction and contact KHALTI team" — an undocumented status is a
 *   GatewayError here (the payment stays pending and is asked about again).
 * - [doc] "Generic Errors": { "detail": "Invalid token.", "status_code": 401 };
 *   incorrect pidx { "detail": "Not found.", "error_key": "validation_error" } — GatewayErrors.
 */
import { callGateway, callJson, GatewayError } from './common.js';

export interface KhaltiConfig {
  baseUrl: string;
  secretKey: string;
}

/** The lookup's status words ([doc] "Payment Status Code"). */
export type KhaltiStatus =
  | 'Completed'
  | 'Pending'
  | 'Initiated'
  | 'Refunded'
  | 'Expired'
  | 'User canceled'
  | 'Partially Refunded';

/**
 * The documented words by their lower case: [doc] spells the partial refund "Partially
 * Refunded" in "Payment Status Code" and "Partially refunded" in "Lookup Payload Details".
 */
const STATUSES = new Map<string, KhaltiStatus>(
  (
    [
      'Completed',
      'Pending',
      'Initiated',
      'Refunded',
      'Expired',
      'User canceled',
      'Partially Refunded',
    ] as const
  ).map((s) => [s.toLowerCase(), s]),
);

/** The statuses [doc] answers with HTTP 400 and a lookup body: final, not a gateway failure. */
const FINAL_400: ReadonlySet<KhaltiStatus> = new Set<KhaltiStatus>(['Expired', 'User canceled']);

/** What the lookup says about a payment. */
export interface KhaltiLookup {
  status: KhaltiStatus;
  /** total_amount, paisa */
  totalPaisa: number;
  transactionId: string | null;
  refunded: boolean;
}

export class KhaltiGateway {
  constructor(readonly config: KhaltiConfig) {}

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private headers() {
    return {
      authorization: `Key ${this.config.secretKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  /** Starts a payment of `amountPaisa`; answers the pidx and where to send the browser. */
  async initiate(opts: {
    amountPaisa: number;
    returnUrl: string;
    websiteUrl: string;
    orderId: string;
    orderName: string;
  }): Promise<{ pidx: string; paymentUrl: string; expiresAt: string | null }> {
    const body = await callJson(this.url('/epayment/initiate/'), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({
        return_url: opts.returnUrl,
        website_url: opts.websiteUrl,
        amount: opts.amountPaisa,
        purchase_order_id: opts.orderId,
        purchase_order_name: opts.orderName,
      }),
    });
    if (typeof body.pidx !== 'string' || typeof body.payment_url !== 'string')
      throw new GatewayError('khalti initiate answered without pidx');
    return {
      pidx: body.pidx,
      paymentUrl: body.payment_url,
      expiresAt: typeof body.expires_at === 'string' ? body.expires_at : null,
    };
  }

  /**
   * The lookup API: status, amount (paisa), transaction id and refund flag of `pidx`. A 200
   * answer, or a 400 answer whose body is a lookup of an Expired or User canceled payment (as
   * documented), is returned; anything else — another non-2xx, no JSON, an undocumented status,
   * no amount — is a GatewayError.
   */
  async lookup(pidx: string): Promise<KhaltiLookup> {
    const a = await callGateway(this.url('/epayment/lookup/'), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ pidx }),
    });
    const fail = (why: string) =>
      new GatewayError(
        `khalti lookup answered ${a.httpStatus} ${why}: ${a.text.slice(0, 200)}`,
        a.httpStatus,
      );
    const ok = a.httpStatus >= 200 && a.httpStatus <= 299;
    if (!a.body) throw fail('without JSON');
    if (!ok && a.httpStatus !== 400) throw fail('(not a lookup answer)');
    const status =
      typeof a.body.status === 'string' ? STATUSES.get(a.body.status.toLowerCase()) : undefined;
    if (!status) throw fail(ok ? 'with an undocumented status' : '(not a lookup answer)');
    if (!ok && !FINAL_400.has(status)) throw fail(`with status ${status}`);
    if (typeof a.body.pidx === 'string' && a.body.pidx !== pidx)
      throw fail('about another payment');
    const total = Number(a.body.total_amount);
    if (a.body.total_amount == null || !Number.isSafeInteger(total) || total < 0)
      throw fail('without a total_amount');
    const txn = a.body.transaction_id;
    return {
      status,
      totalPaisa: total,
      transactionId:
        (typeof txn === 'string' && txn !== '') || typeof txn === 'number' ? String(txn) : null,
      refunded: a.body.refunded === true,
    };
  }
}
