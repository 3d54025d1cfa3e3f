/** A value put into a message; a bilingual one is picked by the request's language. */
export type MessageVar = string | number | { en: string; ne: string };
/** A field error: a translation key, or a key with values (e.g. the name of a missing file). */
export type FieldError = string | { key: string; vars: Record<string, MessageVar> };

/**
 * One error type for everything the API refuses on purpose (after documenso's AppError):
 * an HTTP status, a stable code, a translation key for the user-safe message, and optional
 * field errors (422). Anything that is not an AppError is a bug and answers a generic 500.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    /** translation key in src/shared/i18n, e.g. 'errors.notFound' */
    public readonly messageKey: string,
    public readonly vars: Record<string, string | number> = {},
    /** field → translation keys (with values), for 422 */
    public readonly fieldErrors?: Record<string, FieldError[]>,
  ) {
    super(`${code}: ${messageKey}`);
    this.name = 'AppError';
  }

  static notFound() {
    return new AppError(404, 'NOT_FOUND', 'errors.notFound');
  }
  static unauthenticated() {
    return new AppError(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
  }
  static forbidden() {
    return new AppError(403, 'FORBIDDEN', 'errors.unauthorized');
  }
  static conflict(key = 'errors.conflict') {
    return new AppError(409, 'CONFLICT', key);
  }
  /** 422 with errors on named fields. */
  static validation(fields: Record<string, FieldError[]>, key = 'errors.validation') {
    return new AppError(422, 'VALIDATION', key, {}, fields);
  }
  static badRequest(key = 'errors.badRequest', vars: Record<string, string | number> = {}) {
    return new AppError(400, 'BAD_REQUEST', key, vars);
  }
}
