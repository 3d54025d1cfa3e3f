/**
 * eSewa ePay v2 as its documentation says (https://developer.esewa.com.np/pages/Epay-V2, [doc]),
 * with the documentation's own example bodies: the decoded success redirect with a numeric
 * total_amount, each "Response Types" answer of the status check (served verbatim by a tiny
 * local HTTP server), the "Service is currently unavailable" answer; then the same against the
 * simulator (scripts/gateway-simulators.ts), which must answer alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ESEWA_TEST,
  startEsewaSimulator,
  type EsewaSim,
} from '../../../../../scripts/gateway-simulators.js';
import { GatewayError } from './common.js';
import { EsewaGateway, rawJsonMembers, rupeesString, toPaisa } from './esewa.js';

/** [doc] "After Successful Payment", "Example (Decoded Response Body)", verbatim. */
const DOC_CALLBACK = `{
  "transaction_code": "000AWEO",
  "status": "COMPLETE",
  "total_amount": 1000.0,
  "transaction_uuid": "250610-162413",
  "product_code": "EPAYTEST",
  "signed_field_names": "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
  "signature": "62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA="
}`;
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** [doc] "Status Check", "Response Types": each documented answer, verbatim. */
const DOC_STATUS = {
  PENDING: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-101430",
"total_amount": 100.0,
"status": "PENDING",
"ref_id": null
}`,
  COMPLETE: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-10108",
"total_amount": 100.0,
"status": "COMPLETE",
"ref_id": "0007G36"
}`,
  FULL_REFUND: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-101431",
"total_amount": 100,
"status": "FULL_REFUND",
"ref_id": "0007G36"
}`,
  PARTIAL_REFUND: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-101431",
"total_amount": 100.0,
"status": "PARTIAL_REFUND",
"ref_id": "0007G36"
}`,
  AMBIGUOUS: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-101431",
"total_amount": 100.0,
"status": "AMBIGUOUS",
"ref_id": "0KDL6NA"
}`,
  NOT_FOUND: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-101430",
"total_amount": 100.0,
"status": "NOT_FOUND",
"ref_id": null
}`,
  CANCELED: `{
"product_code": "EPAYTEST",
"transaction_uuid": "240508-102939",
"total_amount": 10.0,
"status": "CANCELED",
"ref_id": "0KDL6NA"
}`,
};
/** [doc] "Service is currently unavailable — Server connection timeout" (its line break undone). */
const DOC_UNAVAILABLE = `{
"code": 0,
"error_message": "Service is currently unavailable"
}`;

/** The documented UAT merchant; the URLs are replaced by the test server's or simulator's. */
const gateway = (url = 'http://127.0.0.1:9') =>
  new EsewaGateway({ formUrl: url, statusUrl: url, ...ESEWA_TEST });

/** A tiny HTTP server answering `answer` (status, body) and recording the request URLs. */
let server: Server;
let serverUrl: string;
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  requests.length = 0;
});

describe('amounts in paisa', () => {
  it('toPaisa reads rupees as eSewa writes them, exactly', () => {
    expect(toPaisa('1000.0')).toBe(100_000);
    expect(toPaisa(1000)).toBe(100_000);
    expect(toPaisa('1000')).toBe(100_000);
    expect(toPaisa(1000.5)).toBe(100_050);
    expect(toPaisa('1000.50')).toBe(100_050);
    expect(toPaisa('1000.05')).toBe(100_005);
    expect(toPaisa(0.1 + 0.2)).toBeNull(); // 0.30000000000000004 is not an amount
    expect(toPaisa('1000.000')).toBe(100_000);
    expect(toPaisa('1000.001')).toBeNull();
    for (const bad of ['1,000.0', '-5', '1e3', '', ' ', 'abc', '10.5.0'])
      expect(toPaisa(bad), bad).toBeNull();
    expect(toPaisa(Number.NaN)).toBeNull();
    expect(rupeesString(100_050)).toBe('1000.50');
    expect(rupeesString(100_000)).toBe('1000');
  });

  it('rawJsonMembers keeps each value as written', () => {
    const m = rawJsonMembers(DOC_CALLBACK)!;
    expect(m.get('total_amount')).toBe('1000.0');
    expect(m.get('transaction_code')).toBe('000AWEO');
    expect(rawJsonMembers('{"a":[1,{"b":"}"}],"c":1.50,"d":null,"e":"x\\"y"}')).toEqual(
      new Map([
        ['a', '[1,{"b":"}"}]'],
        ['c', '1.50'],
        ['d', 'null'],
        ['e', 'x"y'],
      ]),
    );
    expect(rawJsonMembers('[1]')).toBeNull();
    expect(rawJsonMembers('{"a":1} x')).toBeNull();
    expect(rawJsonMembers(`{"a":"x${String.fromCharCode(1)}"}`)).toBeNull();
    expect(rawJsonMembers('{"a":"\\q"}')).toBeNull();
  });
});

describe('signatures ([doc] "HMAC/SHA256")', () => {
  it("signs the documentation's form example to its signature", () => {
    const fields = { total_amount: '110', transaction_uuid: '241028', product_code: 'EPAYTEST' };
    expect(gateway().sign(fields, ['total_amount', 'transaction_uuid', 'product_code'])).toBe(
      'i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=',
    );
  });

  it("eSewa numeric total_amount callback verified: the documentation's decoded example (1000.0)", () => {
    const v = gateway().verifyCallback(b64(DOC_CALLBACK));
    expect(v).toMatchObject({
      transaction_code: '000AWEO',
      status: 'COMPLETE',
      total_amount: '1000',
      totalPaisa: 100_000,
      transaction_uuid: '250610-162413',
      product_code: 'EPAYTEST',
    });
    expect(v!.fields.total_amount).toBe('1000');
  });

  it('the same answer with total_amount as the string "1000.0" (the page\'s base64 example) verifies too', () => {
    const text = DOC_CALLBACK.replace('"total_amount": 1000.0', '"total_amount": "1000.0"');
    expect(gateway().verifyCallback(b64(text))).toMatchObject({
      total_amount: '1000',
      totalPaisa: 100_000,
    });
  });

  it('a changed amount, a re-serialised body (1000.0 written as 1000) or another key is refused', () => {
    const gw = gateway();
    expect(gw.verifyCallback(b64(DOC_CALLBACK.replace('1000.0', '1001.0')))).toBeNull();
    expect(gw.verifyCallback(b64(DOC_CALLBACK.replace('1000.0', '10.0')))).toBeNull();
    // eSewa signed the text "1000.0"; a parser's 1000 is another message
    expect(gw.verifyCallback(b64(JSON.stringify(JSON.parse(DOC_CALLBACK))))).toBeNull();
    expect(
      new EsewaGateway({ ...gw.config, secretKey: 'another' }).verifyCallback(b64(DOC_CALLBACK)),
    ).toBeNull();
    expect(gw.verifyCallback('not base64 json')).toBeNull();
    expect(gw.verifyCallback(b64('[1,2]'))).toBeNull();
  });

  it("the checkout form's own signature does not pass as eSewa's answer", () => {
    const gw = gateway();
    const { fields } = gw.checkoutForm({
      transactionUuid: 'APP-1',
      totalPaisa: 110_000,
      successUrl: 'https://x/s',
      failureUrl: 'https://x/f',
    });
    const replay = {
      status: 'COMPLETE',
      total_amount: fields.total_amount,
      transaction_uuid: fields.transaction_uuid,
      product_code: fields.product_code,
      signed_field_names: fields.signed_field_names,
      signature: fields.signature,
    };
    expect(gw.verifyCallback(b64(JSON.stringify(replay)))).toBeNull();
  });
});

describe('the status check API ([doc] "Status Check", "Response Types")', () => {
  const ask = (uuid: string, paisa: number) => gateway(serverUrl).status(uuid, paisa);

  it('asks as documented: ?product_code=EPAYTEST&total_amount=100&transaction_uuid=123', async () => {
    answer = { status: 200, body: DOC_STATUS.COMPLETE.replace('240508-10108', '123') };
    await ask('123', 10_000);
    expect(requests).toEqual([
      '/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=100&transaction_uuid=123',
    ]);
  });

  it.each([
    ['COMPLETE', '240508-10108', 10_000, '0007G36'],
    ['PENDING', '240508-101430', 10_000, null],
    ['FULL_REFUND', '240508-101431', 10_000, '0007G36'],
    ['PARTIAL_REFUND', '240508-101431', 10_000, '0007G36'],
    ['AMBIGUOUS', '240508-101431', 10_000, '0KDL6NA'],
    ['NOT_FOUND', '240508-101430', 10_000, null],
    ['CANCELED', '240508-102939', 1_000, '0KDL6NA'],
  ] as const)(
    'the documented %s answer is read as %s, amount in paisa',
    async (status, uuid, paisa, refId) => {
      answer = { status: 200, body: DOC_STATUS[status] };
      await expect(ask(uuid, paisa)).resolves.toEqual({ status, totalPaisa: paisa, refId });
    },
  );

  it('NOT_FOUND → status NOT_FOUND (the documented body, not an error)', async () => {
    answer = { status: 200, body: DOC_STATUS.NOT_FOUND };
    expect((await ask('240508-101430', 10_000)).status).toBe('NOT_FOUND');
  });

  it('amounts compared in paisa: total_amount 100.0 and 100 are both 10000 paisa', async () => {
    answer = { status: 200, body: DOC_STATUS.PARTIAL_REFUND };
    const a = await ask('240508-101431', 10_000);
    answer = { status: 200, body: DOC_STATUS.FULL_REFUND };
    const b = await ask('240508-101431', 10_000);
    expect([a.totalPaisa, b.totalPaisa]).toEqual([10_000, 10_000]);
    answer = {
      status: 200,
      body: DOC_STATUS.COMPLETE.replace('100.0', '"100.50"'),
    };
    expect((await ask('240508-10108', 10_050)).totalPaisa).toBe(10_050);
  });

  it('eSewa service unavailable → GatewayError, never NOT_FOUND (documented body, HTTP 200 or 5xx)', async () => {
    for (const status of [200, 409, 503]) {
      answer = { status, body: DOC_UNAVAILABLE };
      const e = await ask('240508-101430', 10_000).catch((err: unknown) => err);
      expect(e, String(status)).toBeInstanceOf(GatewayError);
      if (status === 200) expect((e as Error).message).toMatch(/Service is currently unavailable/);
    }
  });

  it('an answer without a status, with an undocumented status, about another uuid or without an amount → GatewayError', async () => {
    for (const body of [
      '{"product_code":"EPAYTEST","transaction_uuid":"u","total_amount":100.0}',
      '{"product_code":"EPAYTEST","transaction_uuid":"u","total_amount":100.0,"status":"SUCCESS"}',
      '{"product_code":"EPAYTEST","transaction_uuid":"other","total_amount":100.0,"status":"COMPLETE"}',
      '{"product_code":"EPAYTEST","transaction_uuid":"u","status":"COMPLETE","ref_id":"X"}',
      '<html>502 Bad Gateway</html>',
    ]) {
      answer = { status: 200, body };
      await expect(ask('u', 10_000), body).rejects.toBeInstanceOf(GatewayError);
    }
  });
});

describe('the eSewa simulator answers like the documentation', () => {
  let sim: EsewaSim;
  beforeAll(async () => {
    sim = await startEsewaSimulator();
  });
  afterAll(() => sim.close());
  afterEach(() => {
    sim.unavailable = false;
    sim.callbackAmount = 'number';
    sim.setDelay(0);
  });

  let seq = 0;
  /** Posts the signed form of a `paisa` payment and presses Pay; the redirect's `data`. */
  async function pay(gw: EsewaGateway, paisa: number) {
    const uuid = `T-${process.pid}-${++seq}`;
    const form = gw.checkoutForm({
      transactionUuid: uuid,
      totalPaisa: paisa,
      successUrl: 'https://app.example/ok',
      failureUrl: 'https://app.example/no',
    });
    expect(
      (await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) })).status,
    ).toBe(200);
    const decided = await fetch(`${sim.url}/sim/esewa/decide`, {
      method: 'POST',
      body: new URLSearchParams({ uuid, decision: 'pay' }),
      redirect: 'manual',
    });
    return { uuid, data: new URL(decided.headers.get('location')!).searchParams.get('data')! };
  }

  it('its success redirect writes total_amount as a number (1100.0) and verifies', async () => {
    const gw = gateway(sim.url);
    const { uuid, data } = await pay(gw, 110_000);
    const text = Buffer.from(data, 'base64').toString();
    expect(text).toContain('"total_amount":1100.0');
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'transaction_code',
      'status',
      'total_amount',
      'transaction_uuid',
      'product_code',
      'signed_field_names',
      'signature',
    ]);
    expect(gw.verifyCallback(data)).toMatchObject({
      transaction_uuid: uuid,
      totalPaisa: 110_000,
      total_amount: '1100',
      status: 'COMPLETE',
    });
    sim.callbackAmount = 'string';
    const asString = sim.callbackData(uuid)!;
    expect(Buffer.from(asString, 'base64').toString()).toContain('"total_amount":"1100.0"');
    expect(gw.verifyCallback(asString)?.totalPaisa).toBe(110_000);
  });

  it('its status check answers COMPLETE with the amount in paisa and the transaction code', async () => {
    const gw = gateway(sim.url);
    const { uuid, data } = await pay(gw, 150_050);
    const s = await gw.status(uuid, 150_050);
    expect(s).toEqual({
      status: 'COMPLETE',
      totalPaisa: 150_050,
      refId: gw.verifyCallback(data)!.transaction_code,
    });
  });

  it('NOT_FOUND for an unknown transaction or another amount (compared in paisa)', async () => {
    const gw = gateway(sim.url);
    expect((await gw.status('never-posted', 10_000)).status).toBe('NOT_FOUND');
    const { uuid } = await pay(gw, 20_000);
    expect((await gw.status(uuid, 20_100)).status).toBe('NOT_FOUND');
    expect((await gw.status(uuid, 20_000)).status).toBe('COMPLETE');
  });

  it('service unavailable: the documented body, read as a GatewayError', async () => {
    const gw = gateway(sim.url);
    const { uuid } = await pay(gw, 10_000);
    sim.unavailable = true;
    const res = await fetch(`${sim.url}/api/epay/transaction/status/?transaction_uuid=${uuid}`);
    expect(await res.json()).toEqual({
      code: 0,
      error_message: 'Service is currently unavailable',
    });
    await expect(gw.status(uuid, 10_000)).rejects.toBeInstanceOf(GatewayError);
    sim.unavailable = false;
    expect((await gw.status(uuid, 10_000)).status).toBe('COMPLETE');
  });

  it('a payment completed after the local expiry: the late return verifies and the status says COMPLETE', async () => {
    const gw = gateway(sim.url);
    const uuid = `LATE-${process.pid}`;
    const form = gw.checkoutForm({
      transactionUuid: uuid,
      totalPaisa: 50_000,
      successUrl: 'https://app.example/ok',
      failureUrl: 'https://app.example/no',
    });
    await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
    expect((await gw.status(uuid, 50_000)).status).toBe('PENDING');
    sim.advance(45 * 60_000); // past the app's 30-minute link
    const data = sim.completeLate(uuid)!;
    expect(gw.verifyCallback(data)?.totalPaisa).toBe(50_000);
    expect((await gw.status(uuid, 50_000)).status).toBe('COMPLETE');
    expect(sim.txns.get(uuid)!.completedAt! - sim.txns.get(uuid)!.createdAt).toBeGreaterThanOrEqual(
      45 * 60_000,
    );
  });

  it('refunds, AMBIGUOUS and reversals are answered as documented', async () => {
    const gw = gateway(sim.url);
    const { uuid } = await pay(gw, 10_000);
    for (const status of ['FULL_REFUND', 'PARTIAL_REFUND', 'AMBIGUOUS', 'CANCELED'] as const) {
      sim.setStatus(uuid, status);
      const s = await gw.status(uuid, 10_000);
      expect(s.status).toBe(status);
      expect(s.refId).not.toBeNull();
    }
  });

  it('a slow status check answers after its delay', async () => {
    const gw = gateway(sim.url);
    sim.setDelay(300, 'status');
    const started = Date.now();
    expect((await gw.status('slow', 10_000)).status).toBe('NOT_FOUND');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
