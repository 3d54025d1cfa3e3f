/**
 * Idempotency-Keys for form submissions (issue 8 §4). A key is made once per submission attempt
 * and sent again with every retry of the same form content, so a retry after a dropped
 * connection (the server may have saved the first one) answers the first submission instead of
 * making a duplicate. The key is kept in sessionStorage with a fingerprint of what was sent: it
 * survives a reload of the tab, and a changed form gets a new key (the server refuses an old key
 * with another body, 422). The server keeps keys at least 24 h.
 */

const PREFIX = 'darta.submit.';

interface Stored {
  key: string;
  fingerprint: string;
}

/** A new random key (a UUID; 36 printable ASCII characters, within the server's 1–128). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
}

/**
 * What a form sends, as one string: every text field, and each file's field, name, type and
 * size (not its bytes: hashing megabytes on a phone is not worth it; a different file of the
 * same name and size is caught by the server's own fingerprint as a 422).
 */
export function formFingerprint(fd: FormData): string {
  const parts: string[] = [];
  fd.forEach((value, name) => {
    parts.push(
      typeof value === 'string'
        ? `${name}=${value}`
        : `${name}@${value.name}|${value.type}|${value.size}`,
    );
  });
  return parts.sort().join('\n');
}

function read(slot: string): Stored | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + slot);
    const s = raw ? (JSON.parse(raw) as Stored) : null;
    return s && typeof s.key === 'string' && typeof s.fingerprint === 'string' ? s : null;
  } catch {
    return null;
  }
}

/**
 * The key of the submission in `slot` (e.g. `application:single:<userId>`): the kept one when
 * `fingerprint` is what it was made for, else a new one (kept from now on).
 */
export function submissionKey(slot: string, fingerprint: string): string {
  const s = read(slot);
  if (s && s.fingerprint === fingerprint) return s.key;
  const key = newIdempotencyKey();
  try {
    sessionStorage.setItem(PREFIX + slot, JSON.stringify({ key, fingerprint }));
  } catch {
    // storage full or blocked: the key still protects retries of this page's life
  }
  return key;
}

/**
 * Whether the key must be kept after a failed submission with HTTP `status`: kept when the
 * answer never came (0), the key is still in flight (409) or the server failed (5xx), because
 * the first attempt may have been saved; dropped on any other refusal, which saved nothing (or,
 * for the 422 of a changed body, belongs to an older submission).
 */
export function keepKeyAfter(status: number): boolean {
  return status === 0 || status === 409 || status >= 500;
}

/** Forgets the key of `slot` (after a success, or a refusal that saved nothing). */
export function forgetSubmissionKey(slot: string): void {
  try {
    sessionStorage.removeItem(PREFIX + slot);
  } catch {
    // nothing kept
  }
}
