/**
 * Sign-in lockout (issue 16 §3; docs/security.md "Sign-in lockout", which states these numbers).
 *
 * Two counts for every sign-in attempt, each kept by ONE atomic statement that both decides and
 * counts, so attempts sent at once cannot slip past a lock or lose a count:
 *
 * - per account and client address (`login_throttles` row `(u:<id>, ip)`): the 5th attempt
 *   locks that address out of that account for 1 minute, each further attempt (possible once
 *   the lock has ended) for twice as long, at most 60 minutes;
 * - per account, across addresses (`users.failed_logins`, `users.locked_until`): the 20th
 *   attempt locks the account for 5 minutes, each further one for twice as long, at most 60
 *   minutes; this lock does not apply to the account's familiar addresses (a successful sign-in
 *   or password reset from there in the last 30 days; the 5 most recent), so an outsider
 *   cannot lock the owner out.
 *
 * An attempt refused by a lock is not checked. One refused by its address's lock is not counted
 * at all; one refused by the account lock counts for its address only. A count restarts when
 * its previous attempt is more than 24 hours old. A successful sign-in clears its address and
 * takes its own attempt back off the account's count. A password reset clears both.
 *
 * A login that matches no account is counted exactly like an account (`n:<login>` rows, its
 * across-addresses count under ip `*`, never familiar), so the answers are the same.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { loginThrottles, users } from '../../db/schema.js';
import { toLatinDigits } from '../../../shared/format.js';

export interface LockLevel {
  /** the counted attempt that starts the first lock */
  after: number;
  /** the first lock, in minutes; each further counted attempt doubles it */
  firstMinutes: number;
}

/** The policy of docs/security.md, in numbers. */
export const LOCKOUT = {
  address: { after: 5, firstMinutes: 1 } satisfies LockLevel,
  account: { after: 20, firstMinutes: 5 } satisfies LockLevel,
  /** no lock is longer */
  maxMinutes: 60,
  /** a count restarts when its previous attempt is older than this */
  restartHours: 24,
  /** an address the account signed in from (or reset its password from) this recently… */
  familiarDays: 30,
  /** …and among its this many most recent such addresses, is not held by the account lock */
  familiarMax: 5,
} as const;

/** The lock (minutes) the `n`th counted attempt starts: none before `after`. */
export function lockMinutes(n: number, level: LockLevel): number {
  if (n < level.after) return 0;
  return Math.min(LOCKOUT.maxMinutes, level.firstMinutes * 2 ** (n - level.after));
}

/** A code constant in SQL (never user input). */
const k = (n: number) => sql.raw(String(Math.trunc(n)));

/** The new count: the previous one plus this attempt, or 1 after a quiet day. */
function nextCount(count: string, at: string): SQL {
  return sql.raw(
    `(case when ${at} is null or ${at} < now() - interval '${LOCKOUT.restartHours} hours' then 1 else ${count} + 1 end)`,
  );
}

/** The lock the attempt numbered `n` starts (SQL twin of lockMinutes), or null. */
function lockFor(n: SQL, level: LockLevel): SQL {
  return sql`(case when ${n} >= ${k(level.after)} then now() + make_interval(mins => least(${k(LOCKOUT.maxMinutes)}, ${k(level.firstMinutes)} * power(2, least(${n} - ${k(level.after)}, 30)))::int) end)`;
}

const notLocked = (lockedUntil: string) =>
  sql.raw(`(${lockedUntil} is null or ${lockedUntil} <= now())`);

/** What one sign-in attempt may do. */
export type Attempt =
  | {
      ok: true;
      /** this attempt started the address lock or met the account lock (audit: login.lock) */
      locking: boolean;
    }
  | { ok: false; scope: 'address' | 'account'; minutes: number };

/** The key of a login that matches no account: as typed, Latin digits, lower case. */
export const unknownSubject = (login: string) => `n:${toLatinDigits(login).trim().toLowerCase()}`;
const accountSubject = (userId: number) => `u:${userId}`;

/**
 * Counts a `login_throttles` attempt of (`subject`, `ip`) unless that row is locked: ONE
 * statement. Returns the row after counting, or null when the lock refused it.
 */
async function countRow(db: Db, subject: string, ip: string, level: LockLevel) {
  const n = nextCount('login_throttles.failures', 'login_throttles.last_failure_at');
  const [row] = await db
    .insert(loginThrottles)
    .values({
      subject,
      ip,
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: lockFor(sql`1`, level),
    })
    .onConflictDoUpdate({
      target: [loginThrottles.subject, loginThrottles.ip],
      set: { failures: n, lastFailureAt: sql`now()`, lockedUntil: lockFor(n, level) },
      setWhere: notLocked('login_throttles.locked_until'),
    })
    .returning({
      failures: loginThrottles.failures,
      locked: sql<boolean>`coalesce(login_throttles.locked_until > now(), false)`,
      familiar: sql<boolean>`coalesce(login_throttles.last_success_at > now() - interval '${k(LOCKOUT.familiarDays)} days'
        and (select count(*) from login_throttles o
             where o.subject = login_throttles.subject
               and o.last_success_at > login_throttles.last_success_at) < ${k(LOCKOUT.familiarMax)}, false)`,
    });
  return row ?? null;
}

/** Whole minutes left of a lock, on the database clock (at least 1). */
const MINUTES_LEFT = sql<number>`greatest(ceil(extract(epoch from (locked_until - now())) / 60), 1)::int`;

async function rowMinutesLeft(db: Db, subject: string, ip: string): Promise<number> {
  const [row] = await db
    .select({ m: MINUTES_LEFT })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.subject, subject), eq(loginThrottles.ip, ip)));
  return row?.m ?? 1;
}

/**
 * Counts one sign-in attempt of an account (`userId`) or of a login matching none (`login`)
 * from `ip`, before its password is checked. `ok: false` means a lock refuses it: answer 429
 * without checking the password.
 */
export async function countAttempt(
  db: Db,
  who: { userId: number } | { login: string },
  ip: string,
): Promise<Attempt> {
  const subject = 'userId' in who ? accountSubject(who.userId) : unknownSubject(who.login);
  const address = await countRow(db, subject, ip, LOCKOUT.address);
  if (!address) {
    return { ok: false, scope: 'address', minutes: await rowMinutesLeft(db, subject, ip) };
  }
  if ('userId' in who) {
    const n = nextCount('users.failed_logins', 'users.failed_login_at');
    const [account] = await db
      .update(users)
      .set({
        failedLogins: n,
        failedLoginAt: sql`now()`,
        // an account lock already running is kept; otherwise this attempt may start one
        lockedUntil: sql`(case when users.locked_until > now() then users.locked_until else ${lockFor(n, LOCKOUT.account)} end)`,
      })
      .where(
        and(
          eq(users.id, who.userId),
          address.familiar ? undefined : notLocked('users.locked_until'),
        ),
      )
      .returning({ locked: sql<boolean>`coalesce(users.locked_until > now(), false)` });
    if (!account) {
      const [row] = await db
        .select({ m: MINUTES_LEFT })
        .from(users)
        .where(eq(users.id, who.userId));
      return { ok: false, scope: 'account', minutes: row?.m ?? 1 };
    }
    return { ok: true, locking: address.locked || account.locked };
  }
  const across = await countRow(db, subject, '*', LOCKOUT.account);
  if (!across) {
    return { ok: false, scope: 'account', minutes: await rowMinutesLeft(db, subject, '*') };
  }
  return { ok: true, locking: address.locked || across.locked };
}

/**
 * A successful sign-in of `userId` from `ip`: the address is cleared and becomes familiar; the
 * account's count takes this attempt back (and its lock ends if the count falls below 20).
 */
export async function attemptSucceeded(db: Db, userId: number, ip: string): Promise<void> {
  await markFamiliar(db, userId, ip);
  await db
    .update(users)
    .set({
      failedLogins: sql`greatest(users.failed_logins - 1, 0)`,
      lockedUntil: sql`(case when users.failed_logins - 1 < ${k(LOCKOUT.account.after)} then null else users.locked_until end)`,
    })
    .where(eq(users.id, userId));
}

/** `ip` is cleared for `userId` and counts as an address the account signed in from. */
async function markFamiliar(db: Db | Tx, userId: number, ip: string) {
  await db
    .insert(loginThrottles)
    .values({ subject: accountSubject(userId), ip, failures: 0, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginThrottles.subject, loginThrottles.ip],
      set: { failures: 0, lockedUntil: null, lastSuccessAt: sql`now()` },
    });
}

/**
 * A password reset by SMS code (the phone proven): every count and lock of the account ends,
 * and `ip` counts as an address the account signed in from.
 */
export async function clearLockout(db: Db | Tx, userId: number, ip: string): Promise<void> {
  await db
    .update(loginThrottles)
    .set({ failures: 0, lockedUntil: null })
    .where(eq(loginThrottles.subject, accountSubject(userId)));
  await markFamiliar(db, userId, ip);
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, failedLoginAt: null })
    .where(eq(users.id, userId));
}

/**
 * Deletes rows that no longer matter: no lock running, the count restarted (its last attempt
 * over 24 hours ago) and no success in the familiar window. For the housekeeping job.
 */
export async function pruneLoginThrottles(db: Db): Promise<number> {
  const gone = await db
    .delete(loginThrottles)
    .where(
      sql`(locked_until is null or locked_until <= now())
        and (last_failure_at is null or last_failure_at < now() - interval '${k(LOCKOUT.restartHours)} hours')
        and (last_success_at is null or last_success_at < now() - interval '${k(LOCKOUT.familiarDays)} days')`,
    )
    .returning({ subject: loginThrottles.subject });
  return gone.length;
}
