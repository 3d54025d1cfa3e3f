/**
 * SMS drivers against a local HTTP server that records each request (issue 5 acceptance):
 * the request shape of Sparrow v2 and Aakash v3, their error answers, an unreachable gateway;
 * the log driver's file; email through nodemailer to a local SMTP capture (smtp-server).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AakashSmsDriver,
  DeliveryError,
  LogSmsDriver,
  SmtpMailer,
  SparrowSmsDriver,
} from './messaging.js';

interface Recorded {
  method: string;
  url: string;
  contentType: string;
  form: Record<string, string>;
}

let server: Server;
let base: string;
let requests: Recorded[] = [];
/** What the fake gateway answers next: status and JSON body (or raw text). */
let answer: { status: number; body: unknown } = { status: 200, body: {} };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  requests = [];
});

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DeliveryError);
  return (e as Error).message;
};

describe('Sparrow SMS v2', () => {
  const driver = () => new SparrowSmsDriver({ baseUrl: base, token: 'sp-secret', from: 'Darta' });

  it('posts token, from, to and text as a form to /v2/sms/', async () => {
    answer = {
      status: 200,
      body: { count: 1, response_code: 200, response: '1 mesages has been queued.' },
    };
    await driver().send('9841000001', 'तपाईंको कोड 123456');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/v2/sms/',
        contentType: 'application/x-www-form-urlencoded',
        form: { token: 'sp-secret', from: 'Darta', to: '9841000001', text: 'तपाईंको कोड 123456' },
      },
    ]);
  });

  it('an error answer is a DeliveryError with the gateway text and no token', async () => {
    answer = { status: 403, body: { response_code: 1002, response: 'Invalid Token' } };
    const msg = await failure(driver().send('9841000001', 'x'));
    expect(msg).toContain('1002');
    expect(msg).toContain('Invalid Token');
    expect(msg).not.toContain('sp-secret');
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    expect(await failure(driver().send('9841000001', 'x'))).toContain('502');
  });

  it('an unreachable gateway is a DeliveryError', async () => {
    const down = new SparrowSmsDriver({ baseUrl: 'http://127.0.0.1:9', token: 't', from: 'f' });
    expect(await failure(down.send('9841000001', 'x'))).toContain('unreachable');
  });
});

describe('Aakash SMS v3', () => {
  const driver = () => new AakashSmsDriver({ baseUrl: base, token: 'ak-secret' });

  it('posts auth_token, to and text to /sms/v3/send and returns the message id', async () => {
    answer = {
      status: 200,
      body: {
        error: false,
        message: '1 messages has been queued for delivery.',
        data: { valid: [{ id: 2673160, mobile: '9841000001', status: 'queued' }], invalid: [] },
      },
    };
    await expect(driver().send('9841000001', 'hello')).resolves.toEqual({ ref: '2673160' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/sms/v3/send',
      form: { auth_token: 'ak-secret', to: '9841000001', text: 'hello' },
    });
  });

  it('error: true, or the number among the invalid ones, is a DeliveryError', async () => {
    answer = {
      status: 200,
      body: { error: true, message: 'The provided Auth Token is not valid.', data: [] },
    };
    expect(await failure(driver().send('9841000001', 'x'))).toContain('Auth Token is not valid');
    answer = {
      status: 200,
      body: { error: false, message: 'queued', data: { valid: [], invalid: [{ mobile: '98' }] } },
    };
    expect(await failure(driver().send('98', 'x'))).toContain('number refused');
  });
});

describe('log driver', () => {
  it('writes each message as a JSON line to SMS_LOG_FILE and to the log', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'darta-sms-'));
    const file = path.join(dir, 'sms.log');
    const logged: unknown[] = [];
    const d = new LogSmsDriver((obj) => logged.push(obj), file);
    await d.send('9841000001', 'code 123456');
    await d.send('9841000002', 'code 654321');
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l: { to: string; text: string }) => [l.to, l.text])).toEqual([
      ['9841000001', 'code 123456'],
      ['9841000002', 'code 654321'],
    ]);
    expect(logged).toHaveLength(2);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('email over SMTP', () => {
  it('delivers subject, body and addresses to an SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Darta <no-reply@darta.test>');
    const res = await mailer.send({
      to: 'sita@example.com',
      subject: 'Darta: Himalayan Tea House',
      text: 'Your application has been verified.',
    });
    expect(res.ref).toBeTruthy();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@darta.test');
    expect(received[0].to).toEqual(['sita@example.com']);
    expect(received[0].data).toContain('Subject: Darta: Himalayan Tea House');
    expect(received[0].data).toContain('Your application has been verified.');
    await new Promise<void>((r) => smtp.close(() => r()));
    // a server that is gone is a DeliveryError
    expect(await failure(mailer.send({ to: 'a@b.c', subject: 's', text: 't' }))).toContain('smtp');
  });
});
