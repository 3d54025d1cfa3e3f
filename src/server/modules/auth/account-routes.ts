/**
 * Account routes of issue 5 (docs/api.md): the registration code, password recovery by SMS
 * code, and the own profile (details and password). Codes come from OtpService.
 *
 * None of them tells whether an account exists (issue 16 §3, docs/security.md): the
 * registration code answers the same for a phone that has an account (which gets an SMS saying
 * so, with the recovery link, instead of a code) and never looks at the username (POST
 * /register decides that, after the code); `forgot` answers the same for a known and an unknown
 * login, and does not report a phone's send limit either (it simply sends nothing); `reset`
 * refuses an unknown login, and a wrong, expired or used-up code, with one and the same answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  registerDetailsSchema,
  resetPasswordSchema,
  userSchema,
} from '../../../shared/schemas/auth.js';
import { toLatinDigits } from '../../../shared/format.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { accessTokens, users } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { audit } from '../../lib/audit.js';
import { currentUser, loadUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { OtpService } from '../otp/index.js';
import { clearLockout } from './lockout.js';

/** Code requests per IP per minute, besides the per-phone limits (RATE_LIMIT_OTP for tests). */
const OTP_PER_IP_PER_MINUTE = Number(process.env.RATE_LIMIT_OTP ?? 30);
/** The per-IP limit of the routes that send or check a code. */
const otpLimit = { rateLimit: { max: OTP_PER_IP_PER_MINUTE, timeWindow: '1 minute' } };

const sentSchema = z.object({
  message: z.string(),
  data: z.object({ resendIn: z.number(), expiresIn: z.number() }),
});

/** The user with this username or phone (Devanagari digits allowed), if any. */
export async function findByLogin(db: Db, raw: string) {
  const login = toLatinDigits(raw).trim();
  const [u] = await db
    .select()
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = lower(${login})`, eq(users.phone, login)),
        isNull(users.deletedOn),
      ),
    );
  return u ?? null;
}

/** The live account holding `phone`, if any. */
async function phoneHolder(db: Db, phone: string) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedOn)));
  return u ?? null;
}

/** The one answer to every reset refused for its login or code: it tells nothing more. */
const resetRefused = () =>
  AppError.validation({ otp: ['errors.otpResetInvalid'] }, 'errors.otpResetInvalid');

export default async function accountRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    otp: OtpService;
    /** the app's address (config.publicUrl), for the recovery link of the "already registered" SMS */
    publicUrl?: string;
  },
) {
  const { db, otp } = opts;
  registerOtpRoute(app, db, otp, opts.publicUrl);
  forgotPasswordRoute(app, db, otp);
  resetPasswordRoute(app, db, otp);
  profileUpdateRoute(app, db);
  changePasswordRoute(app, db);
}

/**
 * POST /register/otp: registration step 1, the form checked and a code sent to the phone. A
 * phone that already has an account gets an SMS saying so, with the recovery link, instead of
 * the code; the answer, the limits and any later check of a code are the same either way. The
 * username is not looked at here: POST /register decides it once the phone is proven.
 */
function registerOtpRoute(app: FastifyInstance, db: Db, otp: OtpService, publicUrl?: string) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register/otp',
    {
      config: { access: 'public', ...otpLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Registration step 1: check the form and send a 6-digit code to the phone (5 minutes; resend after 60 s; 3 per 15 minutes). A phone that has an account gets an SMS saying so instead, with the same answer',
        body: registerDetailsSchema,
        response: { 200: sentSchema },
      },
    },
    async (req) => {
      const holder = await phoneHolder(db, req.body.phone);
      const link = `${publicUrl ?? ''}/forget-password`;
      const sent = await otp.send({
        phone: req.body.phone,
        purpose: 'register',
        lang: requestLang(req),
        ip: req.ip,
        ...(holder
          ? { userId: holder.id, notice: { key: 'sms.registerTaken', vars: { link } } }
          : {}),
      });
      return {
        message: 'Success',
        data: { resendIn: sent.resendIn, expiresIn: sent.expiresIn },
      };
    },
  );
}

/** POST /password/forgot: a code to the account's phone; the same answer for any login. */
function forgotPasswordRoute(app: FastifyInstance, db: Db, otp: OtpService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/password/forgot',
    {
      config: { access: 'public', ...otpLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Password recovery: send a code to the phone of this username or phone. The answer is the same whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 200: sentSchema },
      },
    },
    async (req) => {
      const u = await findByLogin(db, req.body.login);
      if (u && u.status === 1) {
        try {
          await otp.send({
            phone: u.phone,
            purpose: 'reset',
            lang: requestLang(req),
            userId: u.id,
            ip: req.ip,
          });
        } catch (e) {
          // A limit reached says nothing to the caller: it would reveal the account.
          if (!(e instanceof AppError && e.statusCode === 429)) throw e;
        }
      } else {
        await audit(db, {
          userId: null,
          action: 'password.forgot.unknown',
          entity: 'users',
          data: { login: req.body.login.slice(0, 100) },
          ip: req.ip,
        });
      }
      return { message: 'Success', data: { resendIn: 60, expiresIn: 300 } };
    },
  );
}

/** POST /password/reset: the code and a new password; every session of the account revoked. */
function resetPasswordRoute(app: FastifyInstance, db: Db, otp: OtpService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/password/reset',
    {
      config: { access: 'public', ...otpLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Password recovery: the code and a new password. Every session of the account is revoked',
        body: resetPasswordSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const b = req.body;
      const u = await findByLogin(db, b.login);
      if (!u || u.status !== 1) throw resetRefused();
      let codeId: number;
      try {
        codeId = await otp.verify({ phone: u.phone, purpose: 'reset', code: b.otp, ip: req.ip });
      } catch (e) {
        // wrong, expired, used up: the same answer as for an unknown login (the audit log
        // keeps the reason)
        if (e instanceof AppError && e.statusCode === 422) throw resetRefused();
        throw e;
      }
      const passwordHash = await hashPassword(b.password);
      await db.transaction(async (tx) => {
        await otp.consume(tx, codeId, { ip: req.ip });
        await tx
          .update(users)
          .set({
            passwordHash,
            passwordChangeRequired: false,
            // the code proves the phone: an account made at the counter is claimed (issue 19 §4)
            phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, u.id));
        // the phone is proven: every lock ends and this address is the owner's (lockout.ts)
        await clearLockout(tx, u.id, req.ip);
        await tx
          .update(accessTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(accessTokens.userId, u.id), isNull(accessTokens.revokedAt)));
        await audit(tx, {
          userId: u.id,
          action: 'password.reset',
          entity: 'users',
          entityId: u.id,
          ip: req.ip,
        });
      });
      return { message: 'Updated Successfully' };
    },
  );
}

/** POST /profiles: the signed-in user edits their own details. */
function profileUpdateRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/profiles',
    {
      schema: {
        tags: ['auth'],
        summary: 'Edit own details: name, email, gender, language',
        body: profileUpdateSchema,
        response: { 200: z.object({ data: userSchema, message: z.string() }) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...req.body, updatedAt: new Date() })
          .where(eq(users.id, u.id));
        await audit(tx, {
          userId: u.id,
          action: 'profile.update',
          entity: 'users',
          entityId: u.id,
          ip: req.ip,
        });
      });
      return { data: (await loadUser(db, u.id))!, message: 'Updated Successfully' };
    },
  );
}

/**
 * POST /profiles/password: change the own password. Every other session ends unless
 * `signOutOthers` is false (issue 16 §3); the current one stays signed in.
 */
function changePasswordRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/profiles/password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change password (SPEC §2): the current password is required; every other session is revoked unless signOutOthers is false',
        body: changePasswordSchema,
        response: {
          200: z.object({ message: z.string(), data: z.object({ revoked: z.number() }) }),
        },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const [row] = await db.select().from(users).where(eq(users.id, u.id));
      if (!(await verifyPassword(row.passwordHash, req.body.current_password))) {
        await audit(db, {
          userId: u.id,
          action: 'password.change.fail',
          entity: 'users',
          entityId: u.id,
          ip: req.ip,
        });
        throw AppError.validation({ current_password: ['errors.wrongPassword'] });
      }
      const passwordHash = await hashPassword(req.body.password);
      const revoked = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordChangeRequired: false, updatedAt: new Date() })
          .where(eq(users.id, u.id));
        const gone = req.body.signOutOthers
          ? await tx
              .update(accessTokens)
              .set({ revokedAt: new Date() })
              .where(
                and(
                  eq(accessTokens.userId, u.id),
                  ne(accessTokens.id, u.tokenId),
                  isNull(accessTokens.revokedAt),
                ),
              )
              .returning({ id: accessTokens.id })
          : [];
        await audit(tx, {
          userId: u.id,
          action: 'password.change',
          entity: 'users',
          entityId: u.id,
          data: { revokedSessions: gone.length },
          ip: req.ip,
        });
        return gone.length;
      });
      return { message: 'Updated Successfully', data: { revoked } };
    },
  );
}
