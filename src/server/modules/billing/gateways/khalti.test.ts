/**
 * Khalti KPG-2 as its documentation says (https://docs.khalti.com/khalti-epayment/, [doc]; source
 * khalti/docs.khalti.com content/khalti-epayment.md), with the documentation's own example
 * bodies and status codes ("Payment Status Code": Expired and User canceled answer HTTP 400)
 * served verbatim by a tiny local HTTP server; then the same against the simulator
 * (scripts/gateway-simulators.ts), which must answer alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ESEWA_TEST,
  KHALTI_TEST,
  startEsewaSimulator,
  startKhaltiSimulator,
  type EsewaSim,
  type KhaltiSim,
} from '../../../../../scripts/gateway-simulators.js';
import { GatewayError } from './common.js';
import { EsewaGateway } from './esewa.js';
import { KhaltiGateway } from './khalti.js';

/** [doc] "Payment Verification (Lookup)": each documented answer, verbatim. */
const DOC_LOOKUP = {
  /** "Success Response" */
  Completed: `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Completed",
   "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe",
   "fee": 0,
   "refunded": false
}`,
  /** "Pending  Response" */
  Pending: `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Pending",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`,
  /** "Initiated  Response" */
  Initiated: `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Initiated",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`,
  /** "Refunded  Response" */
  Refunded: `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Refunded",
   "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe",
   "fee": 0,
   "refunded": true
}`,
  /** "Expired Response" */
  Expired: `{
   "pidx": "H889Er9gq4j92oCrePrDwf",
   "total_amount": 1000,
   "status": "Expired",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`,
  /** "Canceled Response" */
  'User canceled': `{
   "pidx": "vNTeXkSEaEXK2J4i7cQU6e",
   "total_amount": 1000,
   "status": "User canceled",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`,
  /**
   * "Partially Refunded | 200" has no example body in [doc]; the lookup's shape with the word
   * as "Lookup Payload Details" spells it ("Partially refunded").
   */
  'Partially Refunded': `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Partially refunded",
   "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe",
   "fee": 0,
   "refunded": true
}`,
};

/** A tiny HTTP server answering `answer` (status, body) and recording the requests. */
let server: Server;
let serverUrl: string;
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const requests: { url: string; auth: string; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  requests.length = 0;
});

const docGateway = () => new KhaltiGateway({ baseUrl: `${serverUrl}/api/v2/`, secretKey: 'k' });
const lookupOf = (status: number, body: string, pidx: string) => {
  answer = { status, body };
  return docGateway().lookup(pidx);
};

describe('the lookup API answers as documented ([doc] "Payment Status Code")', () => {
  it('asks as documented: POST /epayment/lookup/ { "pidx" } with "Authorization: Key …"', async () => {
    await lookupOf(200, DOC_LOOKUP.Completed, 'HT6o6PEZRWFJ5ygavzHWd5');
    expect(requests).toEqual([
      { url: '/api/v2/epayment/lookup/', auth: 'Key k', body: '{"pidx":"HT6o6PEZRWFJ5ygavzHWd5"}' },
    ]);
  });

  it('200 Completed: the amount in paisa and the transaction id', async () => {
    await expect(lookupOf(200, DOC_LOOKUP.Completed, 'HT6o6PEZRWFJ5ygavzHWd5')).resolves.toEqual({
      status: 'Completed',
      totalPaisa: 1000,
      transactionId: 'GFq9PFS7b2iYvL8Lir9oXe',
      refunded: false,
    });
  });

  it('200 Pending', async () => {
    await expect(lookupOf(200, DOC_LOOKUP.Pending, 'HT6o6PEZRWFJ5ygavzHWd5')).resolves.toEqual({
      status: 'Pending',
      totalPaisa: 1000,
      transactionId: null,
      refunded: false,
    });
  });

  it('200 Initiated', async () => {
    await expect(lookupOf(200, DOC_LOOKUP.Initiated, 'HT6o6PEZRWFJ5ygavzHWd5')).resolves.toEqual({
      status: 'Initiated',
      totalPaisa: 1000,
      transactionId: null,
      refunded: false,
    });
  });

  it('200 Refunded', async () => {
    await expect(lookupOf(200, DOC_LOOKUP.Refunded, 'HT6o6PEZRWFJ5ygavzHWd5')).resolves.toEqual({
      status: 'Refunded',
      totalPaisa: 1000,
      transactionId: 'GFq9PFS7b2iYvL8Lir9oXe',
      refunded: true,
    });
  });

  it('200 Partially Refunded (either spelling of the documentation)', async () => {
    const body = DOC_LOOKUP['Partially Refunded'];
    for (const text of [body, body.replace('Partially refunded', 'Partially Refunded')])
      await expect(lookupOf(200, text, 'HT6o6PEZRWFJ5ygavzHWd5')).resolves.toEqual({
        status: 'Partially Refunded',
        totalPaisa: 1000,
        transactionId: 'GFq9PFS7b2iYvL8Lir9oXe',
        refunded: true,
      });
  });

  it('Khalti 400 Expired is a final answer, not a gateway failure', async () => {
    await expect(lookupOf(400, DOC_LOOKUP.Expired, 'H889Er9gq4j92oCrePrDwf')).resolves.toEqual({
      status: 'Expired',
      totalPaisa: 1000,
      transactionId: null,
      refunded: false,
    });
  });

  it('Khalti 400 User canceled is a final answer, not a gateway failure', async () => {
    await expect(
      lookupOf(400, DOC_LOOKUP['User canceled'], 'vNTeXkSEaEXK2J4i7cQU6e'),
    ).resolves.toEqual({
      status: 'User canceled',
      totalPaisa: 1000,
      transactionId: null,
      refunded: false,
    });
  });

  it('any other non-2xx, a non-JSON answer or an undocumented status stays a GatewayError', async () => {
    const cases: [number, string][] = [
      // [doc] "Generic Errors"
      [401, '{\n   "detail": "Invalid token.",\n   "status_code": 401\n}'],
      [404, '{\n   "detail": "Not found.",\n   "error_key": "validation_error"\n}'],
      [400, '{\n   "detail": "Not found.",\n   "error_key": "validation_error"\n}'],
      // a 400 saying Completed or Pending is not what the documentation answers with 400
      [400, DOC_LOOKUP.Completed],
      [400, DOC_LOOKUP.Pending],
      [500, DOC_LOOKUP.Expired],
      [503, '<html>Service Unavailable</html>'],
      [200, 'OK'],
      [200, DOC_LOOKUP.Completed.replace('"Completed"', '"Failed"')],
      [200, DOC_LOOKUP.Completed.replace('"total_amount": 1000,', '')],
      [200, DOC_LOOKUP.Completed.replace('1000', '10.5')],
    ];
    for (const [status, body] of cases) {
      const e = await lookupOf(status, body, 'HT6o6PEZRWFJ5ygavzHWd5').catch((err: unknown) => err);
      expect(e, `${status} ${body}`).toBeInstanceOf(GatewayError);
    }
  });

  it('an answer about another pidx is a GatewayError', async () => {
    await expect(lookupOf(200, DOC_LOOKUP.Completed, 'another-pidx')).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

describe('the Khalti simulator answers like the documentation', () => {
  let sim: KhaltiSim;
  let gw: KhaltiGateway;
  beforeAll(async () => {
    sim = await startKhaltiSimulator();
    gw = new KhaltiGateway({ baseUrl: sim.url, secretKey: KHALTI_TEST.secretKey });
  });
  afterAll(() => sim.close());
  afterEach(() => sim.setDelay(0));

  let seq = 0;
  const start = (amountPaisa = 110_000) =>
    gw.initiate({
      amountPaisa,
      returnUrl: 'https://app.example/payment/khalti/return',
      websiteUrl: 'https://app.example',
      orderId: `ORDER-${process.pid}-${++seq}`,
      orderName: 'Business registration',
    });
  const rawLookup = async (pidx: string) => {
    const res = await fetch(`${sim.url}/epayment/lookup/`, {
      method: 'POST',
      headers: {
        authorization: `Key ${KHALTI_TEST.secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ pidx }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('initiate answers as documented; a fresh link looks up 200 Initiated', async () => {
    const k = await start();
    expect(k.paymentUrl).toBe(`${sim.url}/sim/khalti/pay?pidx=${k.pidx}`);
    // "expires_at": "2023-05-25T16:26:16.471649+05:45", 60 minutes in production
    expect(k.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+05:45$/);
    expect(Date.parse(k.expiresAt!) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await rawLookup(k.pidx)).toEqual({
      status: 200,
      body: {
        pidx: k.pidx,
        total_amount: 110_000,
        status: 'Initiated',
        transaction_id: null,
        fee: 0,
        refunded: false,
      },
    });
    expect(await gw.lookup(k.pidx)).toMatchObject({ status: 'Initiated', totalPaisa: 110_000 });
  });

  it('paid: 200 Completed, with the documented return_url parameters', async () => {
    const k = await start();
    const paid = await fetch(`${sim.url}/sim/khalti/pay`, {
      method: 'POST',
      body: new URLSearchParams({ pidx: k.pidx, decision: 'pay' }),
      redirect: 'manual',
    });
    const back = new URL(paid.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      pidx: k.pidx,
      status: 'Completed',
      amount: '110000',
      total_amount: '110000',
    });
    const l = await gw.lookup(k.pidx);
    expect(l).toEqual({
      status: 'Completed',
      totalPaisa: 110_000,
      transactionId: back.searchParams.get('transaction_id'),
      refunded: false,
    });
  });

  it('User canceled at the page: the lookup answers HTTP 400 with the documented body', async () => {
    const k = await start();
    const canceled = await fetch(`${sim.url}/sim/khalti/pay`, {
      method: 'POST',
      body: new URLSearchParams({ pidx: k.pidx, decision: 'cancel' }),
      redirect: 'manual',
    });
    const back = new URL(canceled.headers.get('location')!);
    expect(back.searchParams.get('status')).toBe('User canceled');
    expect(back.searchParams.get('transaction_id')).toBe('');
    expect(back.searchParams.get('mobile')).toBe('');
    expect(await rawLookup(k.pidx)).toEqual({
      status: 400,
      body: {
        pidx: k.pidx,
        total_amount: 110_000,
        status: 'User canceled',
        transaction_id: null,
        fee: 0,
        refunded: false,
      },
    });
    expect((await gw.lookup(k.pidx)).status).toBe('User canceled');
    // and by the control
    const k2 = await start();
    expect(sim.cancel(k2.pidx)).toContain('status=User+canceled');
    expect((await gw.lookup(k2.pidx)).status).toBe('User canceled');
  });

  it('Expired: an unpaid link past its expiry answers HTTP 400 Expired, and takes no payment', async () => {
    const k = await start();
    sim.advance(61 * 60_000);
    expect(await rawLookup(k.pidx)).toMatchObject({
      status: 400,
      body: { status: 'Expired', transaction_id: null, refunded: false },
    });
    expect(await gw.lookup(k.pidx)).toEqual({
      status: 'Expired',
      totalPaisa: 110_000,
      transactionId: null,
      refunded: false,
    });
    const page = await fetch(`${sim.url}/sim/khalti/pay?pidx=${k.pidx}`);
    expect(page.status).toBe(400);
    expect(sim.completeLate(k.pidx)).toBeNull();
    // expire() ends one link at once
    const k2 = await start();
    sim.expire(k2.pidx);
    expect((await gw.lookup(k2.pidx)).status).toBe('Expired');
  });

  it("late completion: paid after the app's 30-minute expiry, while Khalti's 60-minute link lives", async () => {
    const k = await start();
    sim.advance(40 * 60_000);
    const back = sim.completeLate(k.pidx)!;
    expect(new URL(back).searchParams.get('status')).toBe('Completed');
    expect((await gw.lookup(k.pidx)).status).toBe('Completed');
  });

  it('Pending, Refunded and Partially Refunded by the controls', async () => {
    const k = await start();
    sim.setStatus(k.pidx, 'Pending');
    expect((await gw.lookup(k.pidx)).status).toBe('Pending');
    sim.complete(k.pidx);
    sim.setStatus(k.pidx, 'Refunded');
    expect(await gw.lookup(k.pidx)).toMatchObject({ status: 'Refunded', refunded: true });
    sim.setStatus(k.pidx, 'Partially Refunded');
    expect(await rawLookup(k.pidx)).toMatchObject({
      status: 200,
      body: { status: 'Partially Refunded', refunded: true },
    });
  });

  it('the documented errors: a wrong key (401 "Invalid token."), an unknown pidx, an amount under Rs 10', async () => {
    const wrong = new KhaltiGateway({ baseUrl: sim.url, secretKey: 'wrong' });
    await expect(wrong.lookup('x')).rejects.toBeInstanceOf(GatewayError);
    const unknown = await gw.lookup('no-such-pidx').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(GatewayError);
    expect((unknown as GatewayError).httpStatus).toBe(404);
    await expect(start(999)).rejects.toThrow(/1000 paisa/);
  });

  it('a slow lookup answers after its delay', async () => {
    const k = await start();
    sim.setDelay(300, 'lookup');
    const started = Date.now();
    expect((await gw.lookup(k.pidx)).status).toBe('Initiated');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('a user pays on both gateways for the same application', () => {
  let esewa: EsewaSim;
  let khalti: KhaltiSim;
  beforeAll(async () => {
    esewa = await startEsewaSimulator();
    khalti = await startKhaltiSimulator();
  });
  afterAll(async () => {
    await esewa.close();
    await khalti.close();
  });

  it('both gateways take the money and both say so; keeping it straight is the app’s job', async () => {
    const es = new EsewaGateway({ formUrl: esewa.url, statusUrl: esewa.url, ...ESEWA_TEST });
    const kh = new KhaltiGateway({ baseUrl: khalti.url, secretKey: KHALTI_TEST.secretKey });
    const app = `APP-${process.pid}-42`;
    const k = await kh.initiate({
      amountPaisa: 110_000,
      returnUrl: 'https://app.example/r',
      websiteUrl: 'https://app.example',
      orderId: app,
      orderName: 'Business registration',
    });
    const form = es.checkoutForm({
      transactionUuid: `${app}-E1`,
      totalPaisa: 110_000,
      successUrl: 'https://app.example/ok',
      failureUrl: 'https://app.example/no',
    });
    await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
    const data = esewa.completeLate(`${app}-E1`)!;
    khalti.complete(k.pidx);
    expect(es.verifyCallback(data)?.totalPaisa).toBe(110_000);
    expect((await es.status(`${app}-E1`, 110_000)).status).toBe('COMPLETE');
    expect(await kh.lookup(k.pidx)).toMatchObject({ status: 'Completed', totalPaisa: 110_000 });
  });
});
