/**
 * Walk-in applicants at the counter (issue 19 §4): staff with `file-at-counter` find an
 * applicant's account by the exact mobile or citizenship number, or create it then and there.
 * A created account has an unusable random password; an SMS in the outbox invites the applicant
 * to claim it by setting a password through the forgot-password code (auth/account-routes.ts),
 * which also marks the phone verified. Only applicant accounts (role user) are found or made.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { toNepaliDigits } from '../../../shared/format.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import type { ApplicantCreate, CounterApplicant } from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import { applicationOwners, applications, roles, userRoles, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { enqueue } from '../notifications/index.js';

/** At most this many accounts answer one search (an exact number rarely matches more). */
const MAX_FOUND = 20;

const applicantColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  citizenshipNo: users.citizenshipNo,
  photoFileId: users.photoFileId,
  citizenshipFileId: users.citizenshipFileId,
  unclaimed: sql<boolean>`${users.phoneVerifiedAt} is null`,
};

const liveApplicant = and(isNull(users.deletedOn), eq(users.userType, 'user'), eq(users.status, 1));

/**
 * Applicant accounts whose mobile number is `q`, whose own citizenship number is `q`, or who
 * filed an application with an owner of citizenship number `q` (exact matches, Latin digits).
 */
export async function findApplicants(db: Db, q: string): Promise<CounterApplicant[]> {
  const owned = db
    .select({ one: sql`1` })
    .from(applicationOwners)
    .innerJoin(applications, eq(applications.id, applicationOwners.applicationId))
    .where(and(eq(applications.userId, users.id), eq(applicationOwners.citizenshipNo, q)));
  return db
    .select(applicantColumns)
    .from(users)
    .where(and(liveApplicant, or(eq(users.phone, q), eq(users.citizenshipNo, q), exists(owned))))
    .orderBy(users.name, users.id)
    .limit(MAX_FOUND);
}

/** Applicant account `id`; 404 unless it is a live applicant (role user) account. */
export async function counterApplicant(db: Db, id: number): Promise<CounterApplicant> {
  const [found] = await db
    .select(applicantColumns)
    .from(users)
    .where(and(eq(users.id, id), liveApplicant));
  if (!found) throw AppError.notFound();
  return found;
}

/** The invitation SMS in the applicant's language (digits in Nepali for ne). */
export function inviteSmsText(lang: Lang, phone: string, publicUrl: string): string {
  const link = `${publicUrl}/forget-password`;
  return translate(lang, 'counter.smsInvite', {
    phone: lang === 'ne' ? toNepaliDigits(phone) : phone,
    link,
  });
}

/**
 * Creates applicant account `input` for a walk-in applicant (role user, username `u<phone>`,
 * an unusable password) and queues the invitation SMS, audited as `actorId`, in one
 * transaction. A mobile number (or its username) already taken, also by a request at the same
 * moment, is a 409 `errors.applicantExists`: nothing is written.
 */
export async function createApplicant(
  db: Db,
  input: ApplicantCreate & { lang: Lang },
  ctx: { actorId: number; ip: string; publicUrl: string },
): Promise<CounterApplicant> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          username: `u${input.phone}`,
          phone: input.phone,
          email: input.email,
          citizenshipNo: input.citizenshipNo ?? null,
          passwordHash,
          gender: input.gender,
          userType: 'user',
          lang: input.lang,
        })
        .returning({ id: users.id });
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'user'));
      if (!role) throw new Error('role "user" is not seeded');
      await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
      await enqueue(tx, {
        channel: 'sms',
        recipient: input.phone,
        body: inviteSmsText(input.lang, input.phone, ctx.publicUrl),
        kind: 'counter-invite',
        userId: created.id,
      });
      await audit(tx, {
        userId: ctx.actorId,
        action: 'counter.applicant-create',
        entity: 'users',
        entityId: created.id,
        ip: ctx.ip,
      });
      return created.id;
    });
    return counterApplicant(db, id);
  } catch (e) {
    if (isUniqueViolation(e, 'users_phone_uq') || isUniqueViolation(e, 'users_username_uq'))
      throw AppError.conflict('errors.applicantExists');
    throw e;
  }
}
