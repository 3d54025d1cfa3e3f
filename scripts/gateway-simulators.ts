/**
 * Local simulators of the eSewa ePay v2 and Khalti KPG-2 gateways (issue 6 §6, issue 15 §5),
 * answering as the gateways' documentation says they answer, so the whole online flow can be
 * clicked through offline, by the tests, the e2e suite and the demo. They keep their
 * transactions in memory and show a small "pay / cancel" page in place of the wallet login.
 *
 * The documentation copied, line by line (each behaviour below cites its line):
 * - [eSewa] https://developer.esewa.com.np/pages/Epay-V2 ("Epay-V2").
 * - [Khalti] https://docs.khalti.com/khalti-epayment/ ("Web Checkout (KPG-2)"; source
 *   khalti/docs.khalti.com content/khalti-epayment.md).
 *
 * Both simulators are independent, as the two gateways are: an applicant can pay the same
 * application on eSewa and on Khalti, and both payments complete (issue 15: "a user who pays
 * both gateways"); keeping that money straight is the app's job, not the gateway's.
 *
 * Controls, besides the pages: `complete` (paid without the browser coming back), `completeLate`
 * (paid after the merchant's local link expiry, with what the late return carries),
 * `setStatus`/`cancel`/`expire`/`refund` (the documented answers), `unavailable` (eSewa's
 * "Service is currently unavailable" answer), `down` (HTTP 503), `setDelay` (a slow gateway,
 * per endpoint) and `advance` (the simulator's clock).
 *
 * Never for production: every answer carries `x-darta-simulator: 1`, and the app refuses to
 * start in production with a gateway URL on a loopback or private address.
 *
 * CLI: `tsx scripts/gateway-simulators.ts` starts both (ESEWA_SIM_PORT default 4901,
 * KHALTI_SIM_PORT default 4902) with the public test credentials.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** [eSewa] "For UAT, SecretKey will be 8gBm/:&EnhH.1/q"; test merchant "product_code": "EPAYTEST". */
export const ESEWA_TEST = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q' };
/** A Khalti sandbox-style secret key for the simulator (not a real key). */
export const KHALTI_TEST = { secretKey: 'test_secret_key_darta_simulator' };

interface Sim<Endpoint extends string> {
  server: Server;
  url: string;
  /** make the status/lookup API answer 503, as a gateway that is down */
  down: boolean;
  /** how long each endpoint waits before answering (ms): a slow gateway */
  delays: Record<Endpoint, number>;
  /** sets the delay of `endpoint`, or of every endpoint when it is omitted */
  setDelay(ms: number, endpoint?: Endpoint): void;
  /** the simulator's clock (ms since the epoch): Date.now() moved on by `advance` */
  now(): number;
  /** moves the simulator's clock on by `ms` (links expire by it) */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The clock and delay controls of a simulator with these endpoints. */
function controls<E extends string>(endpoints: readonly E[]) {
  let offset = 0;
  const delays = Object.fromEntries(endpoints.map((e) => [e, 0])) as Record<E, number>;
  return {
    delays,
    setDelay(ms: number, endpoint?: E) {
      for (const e of endpoint ? [endpoint] : endpoints) delays[e] = ms;
    },
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, payload: string) {
  if (res.destroyed) return; // the client gave up waiting (a slow gateway)
  res.writeHead(status, { 'content-type': type, 'x-darta-simulator': '1' });
  res.end(payload);
}
const json = (res: ServerResponse, status: number, obj: unknown) =>
  send(res, status, 'application/json', JSON.stringify(obj));
const redirect = (res: ServerResponse, to: string) => {
  if (res.destroyed) return;
  res.writeHead(302, { location: to, 'x-darta-simulator': '1' });
  res.end();
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const withQuery = (url: string, q: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q)}`;

/** A JSON number written as it is, e.g. `1000.0` (JSON.stringify would write 1000). */
class RawNumber {
  constructor(readonly text: string) {}
}
/** A JSON object's text in the order of `members`, RawNumber values written verbatim. */
const jsonText = (members: [string, unknown][]) =>
  `{${members
    .map(([k, v]) => `${JSON.stringify(k)}:${v instanceof RawNumber ? v.text : JSON.stringify(v)}`)
    .join(',')}}`;

/** Rupees ("1100", "1100.5", 1100.0) → paisa, exactly; null if it is not an amount. */
function paisaOf(rupees: string | null): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec((rupees ?? '').trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
/** Paisa → rupees as eSewa writes a JSON number: 1000.0, 1000.5, 1000.25 ([eSewa] "total_amount": 1000.0). */
const rupeesNumber = (paisa: number) =>
  paisa % 100 === 0 ? `${paisa / 100}.0` : String(paisa / 100);

function page(title: string, amount: string, hidden: Record<string, string>, action: string) {
  const inputs = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{font-size:18px;padding:10px 18px;margin-right:8px}</style></head>
<body><h1>${esc(title)}</h1><p>Test payment simulator — no money moves.</p><p>Amount: <strong data-testid="amount">Rs ${esc(amount)}</strong></p>
<form method="post" action="${esc(action)}">${inputs}<button name="decision" value="pay">Pay</button><button name="decision" value="cancel">Cancel</button></form></body></html>`;
}

async function listen(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// ---------------------------------------------------------------------------- eSewa

/** [eSewa] "Status Check", "Response Types". */
export type EsewaSimStatus =
  | 'PENDING'
  | 'COMPLETE'
  | 'FULL_REFUND'
  | 'PARTIAL_REFUND'
  | 'AMBIGUOUS'
  | 'NOT_FOUND'
  | 'CANCELED';

export interface EsewaTxn {
  uuid: string;
  /** total_amount as the merchant's form sent it (rupees, e.g. "1100") */
  total: string;
  productCode: string;
  successUrl: string;
  failureUrl: string;
  status: EsewaSimStatus;
  /** transaction_code of the success redirect, ref_id of the status check */
  code: string | null;
  /** when the form was posted, and when it was paid (simulator clock, ms) */
  createdAt: number;
  completedAt: number | null;
}

export type EsewaEndpoint = 'form' | 'decide' | 'status';

export interface EsewaSim extends Sim<EsewaEndpoint> {
  txns: Map<string, EsewaTxn>;
  /**
   * The status check answers [eSewa]'s "Service is currently unavailable" body,
   * { "code": 0, "error_message": "Service is currently unavailable" }, with no `status`,
   * under HTTP `unavailableHttpStatus` (the page gives none; default 200, the case a client
   * must read from the body).
   */
  unavailable: boolean;
  unavailableHttpStatus: number;
  /**
   * How the success redirect writes total_amount: 'number' as the page's decoded example
   * (`"total_amount": 1000.0`, the default), 'string' as its base64 example ("1000.0").
   */
  callbackAmount: 'number' | 'string';
  /** completes a transaction without the browser coming back (a closed tab) */
  complete(uuid: string): void;
  /**
   * The user pays after the merchant's own link expiry has passed: eSewa still completes it
   * (the page states no session length a merchant may rely on). Returns the signed `data` the
   * late success redirect carries, or null for an unknown transaction.
   */
  completeLate(uuid: string): string | null;
  /** the base64 `data` of the success redirect of a completed transaction (null otherwise) */
  callbackData(uuid: string): string | null;
  /** what the status check answers from now on: a refund, AMBIGUOUS, a reversal (CANCELED) … */
  setStatus(uuid: string, status: EsewaSimStatus): void;
}

export async function startEsewaSimulator(
  opts: { port?: number; productCode?: string; secretKey?: string } = {},
): Promise<EsewaSim> {
  const productCode = opts.productCode ?? ESEWA_TEST.productCode;
  const secret = opts.secretKey ?? ESEWA_TEST.secretKey;
  // [eSewa] "HMAC … SHA256 … The result MAC value will be a base-64 output type"; the message is
  // "total_amount=100,transaction_uuid=11-201-13,product_code=EPAYTEST": name=value, in the order
  // of signed_field_names, joined by commas.
  const sign = (f: Record<string, string>, names: string[]) =>
    createHmac('sha256', secret)
      .update(names.map((n) => `${n}=${f[n]}`).join(','))
      .digest('base64');
  const txns = new Map<string, EsewaTxn>();
  const c = controls<EsewaEndpoint>(['form', 'decide', 'status']);
  const sim = {
    txns,
    down: false,
    unavailable: false,
    unavailableHttpStatus: 200,
    callbackAmount: 'number',
    ...c,
  } as EsewaSim;
  const complete = (t: EsewaTxn) => {
    t.status = 'COMPLETE';
    t.code ??= randomBytes(4).toString('hex').toUpperCase();
    t.completedAt ??= c.now();
  };
  const callbackData = (t: EsewaTxn) => {
    // [eSewa] "Example (Decoded Response Body)": transaction_code, status, total_amount
    // (`1000.0`, a number), transaction_uuid, product_code, signed_field_names
    // ("transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names")
    // and signature; "Signature should be generated the same way the request's signature was
    // generated" — over the values as written, so total_amount is signed as "1000.0".
    const total = rupeesNumber(paisaOf(t.total) ?? 0);
    const f: Record<string, string> = {
      transaction_code: t.code!,
      status: 'COMPLETE',
      total_amount: total,
      transaction_uuid: t.uuid,
      product_code: t.productCode,
      signed_field_names:
        'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
    };
    f.signature = sign(f, f.signed_field_names.split(','));
    const text = jsonText(
      Object.entries(f).map(([k, v]) => [
        k,
        k === 'total_amount' && sim.callbackAmount === 'number' ? new RawNumber(v) : v,
      ]),
    );
    // [eSewa] "the response parameters encoded in Base64", on success_url?data=…
    return Buffer.from(text).toString('base64');
  };
  const endpointOf = (method: string | undefined, path: string): EsewaEndpoint | null =>
    method === 'POST' && path === '/api/epay/main/v2/form'
      ? 'form'
      : method === 'POST' && path === '/sim/esewa/decide'
        ? 'decide'
        : method === 'GET' && path === '/api/epay/transaction/status/'
          ? 'status'
          : null;
  sim.server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const endpoint = endpointOf(req.method, url.pathname);
      if (!endpoint) return send(res, 404, 'text/plain', 'not found');
      if (c.delays[endpoint] > 0) await sleep(c.delays[endpoint]);
      if (endpoint === 'form') {
        // [eSewa] the merchant posts amount, tax_amount, total_amount, transaction_uuid,
        // product_code, product_service_charge, product_delivery_charge, success_url,
        // failure_url, signed_field_names, signature to /api/epay/main/v2/form
        const f = Object.fromEntries(new URLSearchParams(await body(req)));
        const names = (f.signed_field_names ?? '').split(',');
        if (f.product_code !== productCode || !f.signature || sign(f, names) !== f.signature)
          return send(res, 400, 'text/html', '<h1>Invalid payload signature</h1>');
        const t: EsewaTxn = txns.get(f.transaction_uuid) ?? {
          uuid: f.transaction_uuid,
          total: f.total_amount,
          productCode,
          successUrl: f.success_url,
          failureUrl: f.failure_url,
          status: 'PENDING',
          code: null,
          createdAt: c.now(),
          completedAt: null,
        };
        // [eSewa] transaction_uuid: "A unique ID of product, should be unique on every request"
        if (t.status !== 'PENDING' || t.total !== f.total_amount)
          return send(res, 409, 'text/html', '<h1>Duplicate transaction</h1>');
        txns.set(t.uuid, t);
        return send(
          res,
          200,
          'text/html',
          page('eSewa (simulator)', t.total, { uuid: t.uuid }, '/sim/esewa/decide'),
        );
      }
      if (endpoint === 'decide') {
        const f = Object.fromEntries(new URLSearchParams(await body(req)));
        const t = txns.get(f.uuid);
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown transaction</h1>');
        if (f.decision !== 'pay') {
          // [eSewa] "If transaction fails due to any reason (which includes user canceling
          // transaction), the user is … redirected back to partner merchant's failure page."
          t.status = 'CANCELED';
          return redirect(res, t.failureUrl);
        }
        complete(t);
        // [eSewa] "After successful payment, the user is redirected to the success URL"
        return redirect(res, withQuery(t.successUrl, { data: callbackData(t) }));
      }
      // the status check: [eSewa] "Status Check", GET /api/epay/transaction/status/
      // ?product_code=EPAYTEST&total_amount=100&transaction_uuid=123
      if (sim.down) return json(res, 503, { message: 'Service unavailable' });
      if (sim.unavailable)
        // [eSewa] "Service is currently unavailable — Server connection timeout":
        // { "code": 0, "error_message": "Service is currently unavailable" }
        return json(res, sim.unavailableHttpStatus, {
          code: 0,
          error_message: 'Service is currently unavailable',
        });
      const uuid = url.searchParams.get('transaction_uuid') ?? '';
      const t = txns.get(uuid);
      const asked = paisaOf(url.searchParams.get('total_amount'));
      // the transaction is found by product code, uuid and amount (compared in paisa: "100"
      // and "100.0" are one amount); otherwise [eSewa] NOT_FOUND, "ref_id": null
      const found =
        t && asked !== null && paisaOf(t.total) === asked && t.productCode === productCode
          ? t
          : null;
      // [eSewa] "Response": { "product_code": "EPAYTEST", "transaction_uuid": "123",
      // "total_amount": 100.0, "status": "COMPLETE", "ref_id": "0001TS9" }
      return send(
        res,
        200,
        'application/json',
        jsonText([
          ['product_code', url.searchParams.get('product_code')],
          ['transaction_uuid', uuid],
          ['total_amount', new RawNumber(rupeesNumber(asked ?? 0))],
          ['status', found ? found.status : 'NOT_FOUND'],
          // [eSewa] PENDING and NOT_FOUND answer "ref_id": null
          ['ref_id', found && found.status !== 'PENDING' ? found.code : null],
        ]),
      );
    })();
  });
  sim.url = await listen(sim.server, opts.port ?? 0);
  sim.complete = (uuid) => {
    const t = txns.get(uuid);
    if (t) complete(t);
  };
  sim.completeLate = (uuid) => {
    const t = txns.get(uuid);
    if (!t) return null;
    complete(t);
    return callbackData(t);
  };
  sim.callbackData = (uuid) => {
    const t = txns.get(uuid);
    return t && t.code && t.status === 'COMPLETE' ? callbackData(t) : null;
  };
  sim.setStatus = (uuid, status) => {
    const t = txns.get(uuid);
    if (!t) return;
    if (status === 'COMPLETE') return complete(t);
    t.status = status;
    // [eSewa] FULL_REFUND, PARTIAL_REFUND, AMBIGUOUS and CANCELED answers carry a ref_id
    if (status !== 'PENDING' && status !== 'NOT_FOUND')
      t.code ??= randomBytes(4).toString('hex').toUpperCase();
  };
  sim.close = () => new Promise((r) => sim.server.close(() => r()));
  return sim;
}

// ---------------------------------------------------------------------------- Khalti

/** [Khalti] "Payment Status Code". */
export type KhaltiSimStatus =
  | 'Initiated'
  | 'Pending'
  | 'Completed'
  | 'User canceled'
  | 'Expired'
  | 'Refunded'
  | 'Partially Refunded';

export interface KhaltiTxn {
  pidx: string;
  /** paisa */
  amount: number;
  returnUrl: string;
  orderId: string;
  orderName: string;
  status: KhaltiSimStatus;
  transactionId: string | null;
  /** when the link was made, when it expires and when it was paid (simulator clock, ms) */
  createdAt: number;
  expiresAt: number;
  completedAt: number | null;
}

export type KhaltiEndpoint = 'initiate' | 'pay' | 'lookup';

export interface KhaltiSim extends Sim<KhaltiEndpoint> {
  txns: Map<string, KhaltiTxn>;
  /** how long a new payment link lives (s): [Khalti] "Payment link expires in 60 minutes in production" */
  linkTtlSeconds: number;
  /** completes a payment without the browser coming back, whatever its link's state */
  complete(pidx: string): void;
  /**
   * The user pays after the merchant's own link expiry (30 minutes) but while Khalti's link
   * still lives (60 minutes): completes it and returns the return_url the browser is sent to;
   * null when the pidx is unknown or Khalti's link itself has expired (then the lookup says
   * Expired).
   */
  completeLate(pidx: string): string | null;
  /** the user presses Cancel on Khalti's page: the lookup answers 400 "User canceled" */
  cancel(pidx: string): string | null;
  /** the link's time runs out now: an unpaid payment's lookup answers 400 "Expired" */
  expire(pidx: string): void;
  /** what the lookup answers from now on: Pending, Refunded, Partially Refunded … */
  setStatus(pidx: string, status: KhaltiSimStatus): void;
}

export async function startKhaltiSimulator(
  opts: { port?: number; secretKey?: string; linkTtlSeconds?: number } = {},
): Promise<KhaltiSim> {
  const secret = opts.secretKey ?? KHALTI_TEST.secretKey;
  const txns = new Map<string, KhaltiTxn>();
  const c = controls<KhaltiEndpoint>(['initiate', 'pay', 'lookup']);
  const sim = { txns, down: false, linkTtlSeconds: opts.linkTtlSeconds ?? 3600, ...c } as KhaltiSim;
  const complete = (t: KhaltiTxn) => {
    t.status = 'Completed';
    t.transactionId ??= randomBytes(11).toString('hex');
    t.completedAt ??= c.now();
  };
  /** the payment as of now: an unpaid link past its expiry has Expired */
  const current = (pidx: string) => {
    const t = txns.get(pidx);
    if (t && (t.status === 'Initiated' || t.status === 'Pending') && c.now() >= t.expiresAt)
      t.status = 'Expired';
    return t;
  };
  /**
   * Where Khalti sends the browser back: [Khalti] "Payment Success Callback", return_url with
   * pidx, status, transaction_id, tidx, amount, mobile, purchase_order_id,
   * purchase_order_name, total_amount ("Sample Callback Request": also txnId); the canceled
   * callback has "transaction_id=&tidx=&…&mobile=&status=User canceled".
   */
  const returnUrl = (t: KhaltiTxn) => {
    const paid = t.status === 'Completed';
    return withQuery(t.returnUrl, {
      pidx: t.pidx,
      ...(paid ? { txnId: t.transactionId! } : {}),
      transaction_id: t.transactionId ?? '',
      tidx: t.transactionId ?? '',
      amount: String(t.amount),
      total_amount: String(t.amount),
      mobile: paid ? '98XXXXX904' : '',
      status: t.status,
      purchase_order_id: t.orderId,
      purchase_order_name: t.orderName,
    });
  };
  /** Nepal time as in [Khalti]'s "expires_at": "2023-05-25T16:26:16.471649+05:45". */
  const nepalTime = (ms: number) =>
    `${new Date(ms + 345 * 60_000).toISOString().replace('Z', '')}000+05:45`;
  const endpointOf = (method: string | undefined, path: string): KhaltiEndpoint | null =>
    method === 'POST' && path === '/epayment/initiate/'
      ? 'initiate'
      : path === '/sim/khalti/pay' && (method === 'GET' || method === 'POST')
        ? 'pay'
        : method === 'POST' && path === '/epayment/lookup/'
          ? 'lookup'
          : null;
  sim.server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const endpoint = endpointOf(req.method, url.pathname);
      if (!endpoint) return send(res, 404, 'text/plain', 'not found');
      if (c.delays[endpoint] > 0) await sleep(c.delays[endpoint]);
      // [Khalti] "API Authorization": "Authorization": "Key <LIVE_SECRET_KEY>"; "Generic
      // Errors": { "detail": "Invalid token.", "status_code": 401 }
      const authorized = req.headers.authorization === `Key ${secret}`;
      if (endpoint === 'initiate') {
        if (!authorized) return json(res, 401, { detail: 'Invalid token.', status_code: 401 });
        const b = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
        const amount = Number(b.amount);
        // [Khalti] "Amount is invalid": { "amount": ["A valid integer is required."], … }
        if (!Number.isInteger(amount))
          return json(res, 400, {
            amount: ['A valid integer is required.'],
            error_key: 'validation_error',
          });
        // [Khalti] "Amount is less than 10"
        if (amount < 1000)
          return json(res, 400, {
            amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'],
            error_key: 'validation_error',
          });
        const pidx = randomBytes(11).toString('hex');
        const now = c.now();
        const t: KhaltiTxn = {
          pidx,
          amount,
          returnUrl: String(b.return_url),
          orderId: String(b.purchase_order_id),
          orderName: String(b.purchase_order_name),
          status: 'Initiated',
          transactionId: null,
          createdAt: now,
          expiresAt: now + sim.linkTtlSeconds * 1000,
          completedAt: null,
        };
        txns.set(pidx, t);
        // [Khalti] "Success Response": { "pidx": …, "payment_url": …, "expires_at":
        // "2023-05-25T16:26:16.471649+05:45", "expires_in": 1800 }
        return json(res, 200, {
          pidx,
          payment_url: `${sim.url}/sim/khalti/pay?pidx=${pidx}`,
          expires_at: nepalTime(t.expiresAt),
          expires_in: sim.linkTtlSeconds,
        });
      }
      if (endpoint === 'pay' && req.method === 'GET') {
        const t = current(url.searchParams.get('pidx') ?? '');
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown payment</h1>');
        if (t.status === 'Expired')
          return send(res, 400, 'text/html', '<h1>This payment link has expired</h1>');
        return send(
          res,
          200,
          'text/html',
          page(
            'Khalti (simulator)',
            (t.amount / 100).toFixed(2),
            { pidx: t.pidx },
            '/sim/khalti/pay',
          ),
        );
      }
      if (endpoint === 'pay') {
        const f = Object.fromEntries(new URLSearchParams(await body(req)));
        const t = current(f.pidx);
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown payment</h1>');
        // [Khalti] "Expired — User have not made the payment": an expired link takes no payment
        if (t.status === 'Expired')
          return send(res, 400, 'text/html', '<h1>This payment link has expired</h1>');
        if (f.decision === 'pay') complete(t);
        else t.status = 'User canceled';
        return redirect(res, returnUrl(t));
      }
      // the lookup: [Khalti] "Payment Verification (Lookup)", POST /epayment/lookup/ { "pidx" }
      if (!authorized) return json(res, 401, { detail: 'Invalid token.', status_code: 401 });
      if (sim.down) return json(res, 503, { detail: 'Service unavailable' });
      const b = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
      const t = current(String(b.pidx));
      // [Khalti] "If incorrect pidx is passed": { "detail": "Not found.", "error_key": "validation_error" }
      if (!t) return json(res, 404, { detail: 'Not found.', error_key: 'validation_error' });
      // [Khalti] "Payment Status Code": Completed 200, Pending 200, Expired 400, Initiated 200,
      // Refunded 200, User canceled 400, Partially Refunded 200 — each with the lookup body,
      // e.g. "Expired Response": { "pidx": "H889Er9gq4j92oCrePrDwf", "total_amount": 1000,
      // "status": "Expired", "transaction_id": null, "fee": 0, "refunded": false }
      const final400 = t.status === 'Expired' || t.status === 'User canceled';
      return json(res, final400 ? 400 : 200, {
        pidx: t.pidx,
        total_amount: t.amount,
        status: t.status,
        transaction_id: t.transactionId,
        fee: 0,
        // [Khalti] "Refunded Response": "refunded": true
        refunded: t.status === 'Refunded' || t.status === 'Partially Refunded',
      });
    })();
  });
  sim.url = await listen(sim.server, opts.port ?? 0);
  sim.complete = (pidx) => {
    const t = txns.get(pidx);
    if (t) complete(t);
  };
  sim.completeLate = (pidx) => {
    const t = current(pidx);
    if (!t || t.status === 'Expired') return null;
    complete(t);
    return returnUrl(t);
  };
  sim.cancel = (pidx) => {
    const t = current(pidx);
    if (!t || t.status === 'Expired') return null;
    t.status = 'User canceled';
    return returnUrl(t);
  };
  sim.expire = (pidx) => {
    const t = txns.get(pidx);
    if (t) t.expiresAt = Math.min(t.expiresAt, c.now());
  };
  sim.setStatus = (pidx, status) => {
    const t = txns.get(pidx);
    if (!t) return;
    if (status === 'Completed') return complete(t);
    t.status = status;
    // [Khalti] "Refunded Response" keeps the "transaction_id" of the payment
    if (status === 'Refunded' || status === 'Partially Refunded')
      t.transactionId ??= randomBytes(11).toString('hex');
  };
  sim.close = () => new Promise((r) => sim.server.close(() => r()));
  return sim;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const esewa = await startEsewaSimulator({ port: Number(process.env.ESEWA_SIM_PORT ?? 4901) });
  const khalti = await startKhaltiSimulator({ port: Number(process.env.KHALTI_SIM_PORT ?? 4902) });
  console.log(`eSewa simulator  ${esewa.url}\nKhalti simulator ${khalti.url}`);
}
