/**
 * The SMS the app "sent" during an e2e run: the log driver appends each message as a JSON
 * line to SMS_LOG_FILE (its server's, e2e/port.ts smsLog), so a test reads a one-time code as a person
 * would read it on their phone.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { smsLog } from './port';

const SMS_LOG = smsLog();

interface Sms {
  at: string;
  to: string;
  text: string;
}

async function messages(): Promise<Sms[]> {
  const raw = await readFile(SMS_LOG, 'utf8').catch(() => '');
  return raw
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sms);
}

/**
 * The 6-digit code of the latest SMS to `phone` sent after `since` (ms epoch); waits for the
 * outbox worker to deliver it (it runs every few seconds).
 */
export async function smsCode(phone: string, since = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const last = (await messages())
          .filter((m) => m.to === phone && Date.parse(m.at) >= since)
          .at(-1);
        code = /\b(\d{6})\b/.exec(last?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The text of every SMS sent to `phone` so far (counter filing's invitation, issue 19 §4). */
export async function smsTexts(phone: string): Promise<string[]> {
  return (await messages()).filter((m) => m.to === phone).map((m) => m.text);
}
