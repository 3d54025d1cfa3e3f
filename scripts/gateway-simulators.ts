/**
 * Local simulators of the eSewa ePay v2 and Khalti KPG-2 gateways (issue 6 §6), speaking the
 * documented protocol (see src/server/modules/billing/gateways/) so the whole online flow
 * can be clicked through offline, by the tests, the e2e suite and the demo. They keep their
 * transactions in memory and show a small "pay / cancel" page in place of the wallet login.
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
import { fileURLToPath } from 'node:url';

/** eSewa's published UAT merchant (developer.esewa.com.np). */
export const ESEWA_TEST = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q' };
/** A Khalti sandbox-style secret key for the simulator (not a real key). */
export const KHALTI_TEST = { secretKey: 'test_secret_key_darta_simulator' };

interface Sim {
  server: Server;
  url: string;
  /** make the status/lookup API answer 503, as a gateway that is down */
  down: boolean;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, payload: string) {
  res.writeHead(status, { 'content-type': type, 'x-darta-simulator': '1' });
  res.end(payload);
}
const json = (res: ServerResponse, status: number, obj: unknown) =>
  send(res, status, 'application/json', JSON.stringify(obj));
const redirect = (res: ServerResponse, to: string) => {
  res.writeHead(302, { location: to, 'x-darta-simulator': '1' });
  res.end();
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const withQuery = (url: string, q: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q)}`;

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

export interface EsewaTxn {
  uuid: string;
  total: string;
  productCode: string;
  successUrl: string;
  failureUrl: string;
  status: 'PENDING' | 'COMPLETE' | 'CANCELED';
  code: string | null;
}

export interface EsewaSim extends Sim {
  txns: Map<string, EsewaTxn>;
  /** completes a transaction without the browser coming back (a closed tab) */
  complete(uuid: string): void;
}

export async function startEsewaSimulator(
  opts: { port?: number; productCode?: string; secretKey?: string } = {},
): Promise<EsewaSim> {
  const productCode = opts.productCode ?? ESEWA_TEST.productCode;
  const secret = opts.secretKey ?? ESEWA_TEST.secretKey;
  const sign = (f: Record<string, string>, names: string[]) =>
    createHmac('sha256', secret)
      .update(names.map((n) => `${n}=${f[n]}`).join(','))
      .digest('base64');
  const txns = new Map<string, EsewaTxn>();
  const complete = (t: EsewaTxn) => {
    t.status = 'COMPLETE';
    t.code ??= randomBytes(4).toString('hex').toUpperCase();
  };
  const sim = { txns, down: false } as EsewaSim;
  sim.server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'POST' && url.pathname === '/api/epay/main/v2/form') {
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
        };
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
      if (req.method === 'POST' && url.pathname === '/sim/esewa/decide') {
        const f = Object.fromEntries(new URLSearchParams(await body(req)));
        const t = txns.get(f.uuid);
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown transaction</h1>');
        if (f.decision !== 'pay') {
          t.status = 'CANCELED';
          return redirect(res, t.failureUrl);
        }
        complete(t);
        const out: Record<string, string> = {
          transaction_code: t.code!,
          status: 'COMPLETE',
          total_amount: t.total,
          transaction_uuid: t.uuid,
          product_code: t.productCode,
          signed_field_names:
            'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
        };
        out.signature = sign(out, out.signed_field_names.split(','));
        const data = Buffer.from(JSON.stringify(out)).toString('base64');
        return redirect(res, withQuery(t.successUrl, { data }));
      }
      if (req.method === 'GET' && url.pathname === '/api/epay/transaction/status/') {
        if (sim.down) return json(res, 503, { message: 'Service unavailable' });
        const t = txns.get(url.searchParams.get('transaction_uuid') ?? '');
        const okAmount = t && t.total === url.searchParams.get('total_amount');
        return json(res, 200, {
          product_code: url.searchParams.get('product_code'),
          transaction_uuid: url.searchParams.get('transaction_uuid'),
          total_amount: Number(url.searchParams.get('total_amount')),
          status: t && okAmount ? t.status : 'NOT_FOUND',
          ref_id: t?.code ?? null,
        });
      }
      return send(res, 404, 'text/plain', 'not found');
    })();
  });
  sim.url = await listen(sim.server, opts.port ?? 0);
  sim.complete = (uuid) => {
    const t = txns.get(uuid);
    if (t) complete(t);
  };
  sim.close = () => new Promise((r) => sim.server.close(() => r()));
  return sim;
}

// ---------------------------------------------------------------------------- Khalti

export interface KhaltiTxn {
  pidx: string;
  amount: number;
  returnUrl: string;
  orderId: string;
  orderName: string;
  status: 'Initiated' | 'Completed' | 'User canceled' | 'Expired';
  transactionId: string | null;
}

export interface KhaltiSim extends Sim {
  txns: Map<string, KhaltiTxn>;
  complete(pidx: string): void;
}

export async function startKhaltiSimulator(
  opts: { port?: number; secretKey?: string } = {},
): Promise<KhaltiSim> {
  const secret = opts.secretKey ?? KHALTI_TEST.secretKey;
  const txns = new Map<string, KhaltiTxn>();
  const sim = { txns, down: false } as KhaltiSim;
  const complete = (t: KhaltiTxn) => {
    t.status = 'Completed';
    t.transactionId ??= randomBytes(8).toString('hex');
  };
  sim.server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const authorized = req.headers.authorization === `Key ${secret}`;
      if (req.method === 'POST' && url.pathname === '/epayment/initiate/') {
        if (!authorized) return json(res, 401, { detail: 'Invalid token.', status_code: 401 });
        const b = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
        const amount = Number(b.amount);
        if (!Number.isInteger(amount) || amount < 1000)
          return json(res, 400, {
            amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'],
          });
        const pidx = randomBytes(11).toString('hex');
        txns.set(pidx, {
          pidx,
          amount,
          returnUrl: String(b.return_url),
          orderId: String(b.purchase_order_id),
          orderName: String(b.purchase_order_name),
          status: 'Initiated',
          transactionId: null,
        });
        const expires = new Date(Date.now() + 30 * 60_000);
        return json(res, 200, {
          pidx,
          payment_url: `${sim.url}/sim/khalti/pay?pidx=${pidx}`,
          expires_at: expires.toISOString(),
          expires_in: 1800,
        });
      }
      if (req.method === 'GET' && url.pathname === '/sim/khalti/pay') {
        const t = txns.get(url.searchParams.get('pidx') ?? '');
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown payment</h1>');
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
      if (req.method === 'POST' && url.pathname === '/sim/khalti/pay') {
        const f = Object.fromEntries(new URLSearchParams(await body(req)));
        const t = txns.get(f.pidx);
        if (!t) return send(res, 404, 'text/html', '<h1>Unknown payment</h1>');
        if (f.decision === 'pay') complete(t);
        else t.status = 'User canceled';
        return redirect(
          res,
          withQuery(t.returnUrl, {
            pidx: t.pidx,
            status: t.status,
            transaction_id: t.transactionId ?? '',
            tidx: t.transactionId ?? '',
            amount: String(t.amount),
            total_amount: String(t.amount),
            mobile: '98XXXXX000',
            purchase_order_id: t.orderId,
            purchase_order_name: t.orderName,
          }),
        );
      }
      if (req.method === 'POST' && url.pathname === '/epayment/lookup/') {
        if (!authorized) return json(res, 401, { detail: 'Invalid token.', status_code: 401 });
        if (sim.down) return json(res, 503, { detail: 'Service unavailable' });
        const b = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
        const t = txns.get(String(b.pidx));
        if (!t) return json(res, 404, { detail: 'Not found.', error_key: 'validation_error' });
        return json(res, 200, {
          pidx: t.pidx,
          total_amount: t.amount,
          status: t.status === 'Initiated' ? 'Pending' : t.status,
          transaction_id: t.transactionId,
          fee: 0,
          refunded: false,
        });
      }
      return send(res, 404, 'text/plain', 'not found');
    })();
  });
  sim.url = await listen(sim.server, opts.port ?? 0);
  sim.complete = (pidx) => {
    const t = txns.get(pidx);
    if (t) complete(t);
  };
  sim.close = () => new Promise((r) => sim.server.close(() => r()));
  return sim;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const esewa = await startEsewaSimulator({ port: Number(process.env.ESEWA_SIM_PORT ?? 4901) });
  const khalti = await startKhaltiSimulator({ port: Number(process.env.KHALTI_SIM_PORT ?? 4902) });
  console.log(`eSewa simulator  ${esewa.url}\nKhalti simulator ${khalti.url}`);
}
