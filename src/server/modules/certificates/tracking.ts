/**
 * The public status tracking of an application (issue 19 §4): the acknowledgement slip's QR code
 * opens `/track/<code>`, where `<code>` is the application id signed like a certificate's
 * verification code (issue.ts verifyCode), so ids cannot be guessed or walked. The answer holds
 * only what the slip shows anyway (trackViewSchema): never personal data.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { TRACK_CODE_RE, type TrackView } from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import { applications } from '../../db/schema.js';

/**
 * The track code of application `applicationId`: base36 id, '-', 12 hex (upper case) of
 * HMAC-SHA256(key, "track:<id>"). The "track:" prefix keeps it apart from certificate codes.
 */
export function trackCode(signingKey: string, applicationId: number): string {
  const mac = createHmac('sha256', signingKey).update(`track:${applicationId}`).digest('hex');
  return `${applicationId.toString(36).toUpperCase()}-${mac.slice(0, 12).toUpperCase()}`;
}

/** The application id of a genuine `code`, else null (malformed, forged or altered). */
export function trackedId(signingKey: string, code: string): number | null {
  const c = code.trim().toUpperCase();
  if (!TRACK_CODE_RE.test(c)) return null;
  const id = parseInt(c.split('-')[0], 36);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const a = Buffer.from(trackCode(signingKey, id));
  const b = Buffer.from(c);
  return a.length === b.length && timingSafeEqual(a, b) ? id : null;
}

/** What `/track/<code>` shows; null for a code that is not genuine or a deleted application. */
export async function publicTracking(
  db: Db,
  signingKey: string,
  code: string,
): Promise<TrackView | null> {
  const id = trackedId(signingKey, code);
  if (id === null) return null;
  const [row] = await db
    .select({
      submissionNo: applications.submissionNo,
      service: applications.service,
      businessName: applications.businessName,
      status: applications.appStatus,
      submittedOn: applications.submissionDate,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedOn)));
  if (!row) return null;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
