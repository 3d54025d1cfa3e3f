/**
 * Delivery drivers for SMS and email (issue 5 §4), one interface each, chosen by
 * configuration (README "Configuration"):
 * - `log` (default): writes the message to the server log, and as a JSON line to
 *   SMS_LOG_FILE when set, so the demo and the e2e tests work without an SMS account;
 * - Sparrow SMS v2: POST {base}/v2/sms/ with `token`, `from`, `to`, `text` (form encoded);
 *   success is HTTP 200 with `response_code` 200 (Sparrow SMS API documentation);
 * - Aakash SMS v3: POST {base}/sms/v3/send with `auth_token`, `to`, `text`; success is
 *   `error: false` with the number among `data.valid` (Aakash SMS API documentation);
 * - email through nodemailer over SMTP (SMTP_URL), when configured.
 * A failed send throws DeliveryError; its message never contains a credential.
 */
import { appendFile } from 'node:fs/promises';
import type { Transporter } from 'nodemailer';

export interface SmsDriver {
  readonly name: string;
  /** Sends `text` to a 10-digit Nepali mobile number; resolves to the provider's reference. */
  send(to: string, text: string): Promise<{ ref: string | null }>;
}

export interface Mailer {
  send(msg: { to: string; subject: string; text: string }): Promise<{ ref: string | null }>;
}

/** A delivery that did not succeed; the outbox retries it. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

type Log = (obj: Record<string, unknown>, msg: string) => void;
const TIMEOUT_MS = 10_000;

/** The default driver: the message goes to the log (and SMS_LOG_FILE), nothing is sent. */
export class LogSmsDriver implements SmsDriver {
  readonly name = 'log';
  constructor(
    private readonly log: Log,
    private readonly file?: string,
  ) {}

  async send(to: string, text: string) {
    const at = new Date().toISOString();
    this.log({ sms: { to, text } }, 'sms (log driver)');
    if (this.file) await appendFile(this.file, `${JSON.stringify({ at, to, text })}\n`);
    return { ref: null };
  }
}

/** Posts a form and returns the JSON answer; network errors and non-JSON become DeliveryError. */
async function postForm(
  url: string,
  fields: Record<string, string>,
  fetchImpl: typeof fetch,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new DeliveryError(`gateway unreachable: ${(e as Error).name}`);
  }
  const raw = await res.text();
  try {
    return { status: res.status, body: JSON.parse(raw) as Record<string, unknown> };
  } catch {
    throw new DeliveryError(`gateway answered ${res.status} without JSON`);
  }
}

export class SparrowSmsDriver implements SmsDriver {
  readonly name = 'sparrow';
  constructor(
    private readonly opts: { baseUrl: string; token: string; from: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string) {
    const { status, body } = await postForm(
      `${this.opts.baseUrl.replace(/\/$/, '')}/v2/sms/`,
      { token: this.opts.token, from: this.opts.from, to, text },
      this.fetchImpl,
    );
    if (status !== 200 || Number(body.response_code) !== 200) {
      throw new DeliveryError(
        `sparrow ${status} ${String(body.response_code ?? '')}: ${String(body.response ?? '').slice(0, 200)}`,
      );
    }
    return { ref: body.message_id != null ? String(body.message_id) : null };
  }
}

export class AakashSmsDriver implements SmsDriver {
  readonly name = 'aakash';
  constructor(
    private readonly opts: { baseUrl: string; token: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string) {
    const { status, body } = await postForm(
      `${this.opts.baseUrl.replace(/\/$/, '')}/sms/v3/send`,
      { auth_token: this.opts.token, to, text },
      this.fetchImpl,
    );
    const data = body.data as { valid?: { id?: unknown }[]; invalid?: unknown[] } | undefined;
    const valid = Array.isArray(data?.valid) ? data.valid : [];
    if (status !== 200 || body.error !== false || valid.length === 0) {
      const why = valid.length === 0 && body.error === false ? 'number refused' : body.message;
      throw new DeliveryError(`aakash ${status}: ${String(why ?? '').slice(0, 200)}`);
    }
    return { ref: valid[0].id != null ? String(valid[0].id) : null };
  }
}

/**
 * Email over SMTP (nodemailer); `url` like smtp://user:pass@host:587. nodemailer is loaded with
 * the first message, not with the server (docs/performance.md "Start-up").
 */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(msg: { to: string; subject: string; text: string }) {
    try {
      // a failed load is tried again by the next message, not remembered
      this.transport ??= import('nodemailer')
        .then((m) => m.default.createTransport(this.url))
        .catch((e: unknown) => {
          this.transport = null;
          throw e;
        });
      const info = await (await this.transport).sendMail({ from: this.from, ...msg });
      return { ref: info.messageId ?? null };
    } catch (e) {
      throw new DeliveryError(`smtp: ${(e as Error).message.replace(/\/\/[^@]*@/, '//***@')}`);
    }
  }
}

export interface MessagingConfig {
  smsDriver: 'log' | 'sparrow' | 'aakash';
  smsLogFile: string | undefined;
  sparrow: { baseUrl: string; token: string; from: string };
  aakash: { baseUrl: string; token: string };
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** The configured SMS driver and mailer (null when SMTP is not configured). */
export function driversFromConfig(c: MessagingConfig, log: Log) {
  const sms: SmsDriver =
    c.smsDriver === 'sparrow'
      ? new SparrowSmsDriver(c.sparrow)
      : c.smsDriver === 'aakash'
        ? new AakashSmsDriver(c.aakash)
        : new LogSmsDriver(log, c.smsLogFile);
  const mail: Mailer | null = c.smtpUrl ? new SmtpMailer(c.smtpUrl, c.mailFrom) : null;
  return { sms, mail };
}
