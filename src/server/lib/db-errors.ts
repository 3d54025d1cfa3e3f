/**
 * PostgreSQL errors the app answers as the client's conflict rather than a fault: a unique
 * violation (SQLSTATE 23505) from a race that passed the checks before it, a serialization
 * failure or deadlock (40001, 40P01) that a retry would get past. Drizzle wraps the driver's
 * error, so the code may sit on the error or its `cause`.
 */

/** The SQLSTATE and constraint name of a database error, looking through drizzle's wrapper. */
export function sqlStateOf(err: unknown): { code?: string; constraint?: string } {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    e = cause;
  }
  return {};
}

/** Whether `err` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const s = sqlStateOf(err);
  return s.code === '23505' && (!constraint || s.constraint === constraint);
}

/** Whether `err` is a serialization failure or deadlock: the request may simply be repeated. */
export function isRetryableConflict(err: unknown): boolean {
  const { code } = sqlStateOf(err);
  return code === '40001' || code === '40P01';
}
