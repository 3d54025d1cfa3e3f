/**
 * Khalti ePayment / KPG-2 (docs.khalti.com "Web checkout (KPG-2)"), as its documentation
 * describes it:
 * - POST {base}/epayment/initiate/ with `Authorization: Key <secret>` and JSON return_url,
 *   website_url, amount (paisa), purchase_order_id, purchase_order_name → pidx, payment_url,
 *   expires_at;
 * - after payment Khalti redirects to return_url?pidx=…&status=…; the merchant looks the
 *   payment up: POST {base}/epayment/lookup/ {pidx} → status (Completed, Pending, Initiated,
 *   Refunded, Expired, User canceled, Partially Refunded), total_amount (paisa), transaction_id.
 */
import { callJson, GatewayError } from './common.js';

export interface KhaltiConfig {
  baseUrl: string;
  secretKey: string;
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

  /** The lookup API: status, amount in paisa and transaction id of `pidx`. */
  async lookup(
    pidx: string,
  ): Promise<{ status: string; totalPaisa: number; transactionId: string | null }> {
    const body = await callJson(this.url('/epayment/lookup/'), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ pidx }),
    });
    return {
      status: String(body.status ?? ''),
      totalPaisa: Number(body.total_amount ?? 0),
      transactionId: body.transaction_id != null ? String(body.transaction_id) : null,
    };
  }
}
