/**
 * Auth (SPEC §7, DESIGN.md §6): login by username or phone, register an applicant, profile,
 * logout. Lockout per account and address, and per account across addresses (lockout.ts;
 * docs/security.md "Sign-in lockout"). Sign-in and registration answer the same whether or not
 * an account exists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '../../../shared/schemas/auth.js';
import { toLatinDigits } from '../../../shared/format.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { accessTokens, roles, userRoles, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { FileStore } from '../../lib/storage.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { audit } from '../../lib/audit.js';
import { currentUser, loadUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { OtpService } from '../otp/index.js';
import { findByLogin } from './account-routes.js';
import { attemptSucceeded, countAttempt } from './lockout.js';
import { saveProfileDocuments } from './profile-documents.js';

/** Login and register attempts per IP per minute (RATE_LIMIT_LOGIN overrides for tests). */
const LOGIN_PER_IP_PER_MINUTE = Number(process.env.RATE_LIMIT_LOGIN ?? 60);
/**
 * Absolute session lifetime (issue 8 §5: 12 hours, one working day, whatever the activity); the
 * idle limit is config.tokenIdleMinutes (30 by default).
 */
export const SESSION_MAX_HOURS = 12;

const messageSchema = z.object({ message: z.string() });
const sessionSchema = z.object({ data: z.object({ token: z.string(), user: userSchema }) });

export async function issueToken(db: Db, userId: number, ip: string, userAgent?: string) {
  const token = newToken();
  await db.insert(accessTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_MAX_HOURS * 3_600_000),
    ip,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** Profile documents (SPEC §5 'Please upload photos first'): either or both files. */
export const profileDocumentsSchema = z.object({
  photo: z.unknown().optional(),
  citizenship: z.unknown().optional(),
});

export default async function authRoutes(
  app: FastifyInstance,
  opts: { db: Db; store: FileStore; otp: OtpService },
) {
  const { db, store, otp } = opts;
  loginRoute(app, db);
  registerRoute(app, db, otp);
  profileRoute(app);
  profileDocumentsRoute(app, db, store);
  logoutRoute(app, db);
}

/** POST /login: sign in by username or phone, behind the lockout (lockout.ts). */
function loginRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/login',
    {
      // Per-IP throttle; the lockout per account and address below is separate (issue 16 §3).
      config: {
        access: 'public',
        rateLimit: { max: LOGIN_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a username or phone number. An unknown login and a wrong password get the same 422; a lock (docs/security.md) the same 429 for any login',
        body: loginSchema,
        response: { 200: sessionSchema },
      },
    },
    async (req) => {
      const login = toLatinDigits(req.body.username).trim();
      const u = await findByLogin(db, login);
      const who = u
        ? { userId: u.id, entityId: u.id, data: {} }
        : { userId: null, entityId: null, data: { login: login.slice(0, 100) } };
      // counted before the password is checked: attempts sent at once cannot pass a lock
      const attempt = await countAttempt(db, u ? { userId: u.id } : { login }, req.ip);
      if (!attempt.ok) {
        await audit(db, {
          ...who,
          action: 'login.locked',
          entity: 'users',
          data: { ...who.data, scope: attempt.scope },
          ip: req.ip,
        });
        throw new AppError(429, 'LOCKED', 'errors.locked', { minutes: attempt.minutes });
      }
      const ok = await verifyPassword(u?.passwordHash ?? (await dummyHash()), req.body.password);
      if (!u || !ok || u.status !== 1) {
        await audit(db, {
          ...who,
          action: attempt.locking ? 'login.lock' : 'login.fail',
          entity: 'users',
          ip: req.ip,
        });
        throw AppError.validation(
          { username: ['errors.invalidCredentials'] },
          'errors.invalidCredentials',
        );
      }
      await attemptSucceeded(db, u.id, req.ip);
      const token = await issueToken(db, u.id, req.ip, req.headers['user-agent']);
      await audit(db, {
        userId: u.id,
        action: 'login',
        entity: 'users',
        entityId: u.id,
        ip: req.ip,
      });
      const user = await loadUser(db, u.id);
      return { data: { token, user: user! } };
    },
  );
}

/**
 * POST /register: the applicant account, created once its phone code checks out. A username
 * or phone already taken is told only now, after the code (docs/security.md): the code is kept
 * for another try with a different username, and two registrations at once meet the unique
 * index, so one is created and the other gets the same 422.
 */
function registerRoute(app: FastifyInstance, db: Db, otp: OtpService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register',
    {
      config: {
        access: 'public',
        rateLimit: { max: LOGIN_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Registration step 2: create the applicant account (role user) with the code sent by POST /api/register/otp; 422 on otp first, then on a taken username or phone',
        body: registerSchema,
        response: { 201: sessionSchema },
      },
    },
    async (req, reply) => {
      const b = req.body;
      // The phone is proven before anything about other accounts is told (issue 16 §3).
      const codeId = await otp.verify({
        phone: b.phone,
        purpose: 'register',
        code: b.otp,
        ip: req.ip,
      });
      const passwordHash = await hashPassword(b.password);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          await otp.consume(tx, codeId, { ip: req.ip });
          const [created] = await tx
            .insert(users)
            .values({
              name: b.name,
              username: b.username,
              phone: b.phone,
              email: b.email,
              passwordHash,
              gender: b.gender,
              userType: 'user',
              phoneVerifiedAt: new Date(),
              lang: requestLang(req),
            })
            .returning({ id: users.id });
          const [role] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(eq(roles.slug, 'user'));
          if (!role) throw new Error('role "user" is not seeded');
          await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
          await audit(tx, {
            userId: created.id,
            action: 'register',
            entity: 'users',
            entityId: created.id,
            ip: req.ip,
          });
          return created.id;
        });
      } catch (e) {
        // rolled back: the code is not used, so a new username can be tried with it
        if (isUniqueViolation(e, 'users_username_uq'))
          throw AppError.validation({ username: ['errors.usernameTaken'] });
        if (isUniqueViolation(e, 'users_phone_uq'))
          throw AppError.validation({ phone: ['errors.phoneTaken'] });
        throw e;
      }
      const token = await issueToken(db, userId, req.ip, req.headers['user-agent']);
      const user = await loadUser(db, userId);
      reply.code(201);
      return { data: { token, user: user! } };
    },
  );
}

/** GET /profiles: the signed-in user. */
function profileRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/profiles',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: z.object({ data: userSchema }) },
      },
    },
    async (req) => {
      const { tokenId: _t, ...user } = currentUser(req);
      return { data: user };
    },
  );
}

/**
 * POST /profiles/documents: the own photo and/or citizenship scan; files written before a
 * failed transaction are deleted again.
 */
function profileDocumentsRoute(app: FastifyInstance, db: Db, store: FileStore) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/profiles/documents',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Upload the photo (JPEG/PNG) and/or citizenship document (JPEG/PNG/PDF) to the own profile; each replaces the previous one',
        consumes: ['multipart/form-data'],
        body: profileDocumentsSchema,
        response: { 200: z.object({ data: userSchema, message: z.string() }) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      await saveProfileDocuments(db, store, {
        ownerId: u.id,
        actorId: u.id,
        body: req.body,
        ip: req.ip,
        action: 'profile.documents',
      });
      const user = (await loadUser(db, u.id))!;
      return { data: user, message: 'Updated Successfully' };
    },
  );
}

/** POST /logout: revokes the current token. */
function logoutRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const u = currentUser(req);
      await db
        .update(accessTokens)
        .set({ revokedAt: new Date() })
        .where(eq(accessTokens.id, u.tokenId));
      await audit(db, {
        userId: u.id,
        action: 'logout',
        entity: 'users',
        entityId: u.id,
        ip: req.ip,
      });
      return { message: 'Success' };
    },
  );
}
