/**
 * The one error handler (fastify/demo style): AppErrors become their status with a message
 * in the user's language; zod validation of a body becomes 422 `{message, errors}` (SPEC
 * §5/§8), of query or params 400; everything else is logged and answered with a generic
 * message, never the error's own text (DESIGN.md §10: no paths, socket names or SQL).
 * Every authorization failure (403) and every refusal by the auth hook (401) is written to the
 * audit log (issue 8 §5: `auth.denied` / `auth.rejected`), with the route pattern, not the URL,
 * so no query-string value lands in it.
 *
 * Every answer with a top-level `message` also carries its catalogue key (`messageKey`, and
 * `messageVars` when it has values) and has `message` in the request's language (issue 17 §8):
 * errors here, success texts of the routes in the hooks below.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeLang, translate, type Lang } from '../../shared/i18n/index.js';
import { isDatabaseUnavailable, type Db } from '../db/client.js';
import { audit } from '../lib/audit.js';
import { isRetryableConflict, isUniqueViolation, sqlStateOf } from '../lib/db-errors.js';
import { messageKeyOf } from '../lib/reply-messages.js';
import { AppError, type FieldError } from '../errors.js';

export function requestLang(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (typeof q === 'string') return normalizeLang(q);
  return normalizeLang(req.headers['accept-language']?.split(',')[0]);
}

/** Translation key for a zod issue message (our keys pass through; library texts do not). */
function issueKey(message: string | undefined): string {
  if (message && /^(validation|errors)\.[A-Za-z]+$/.test(message)) return message;
  return 'validation.invalid';
}

function fieldErrors(lang: Lang, fields: Record<string, FieldError[]>) {
  const out: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(fields)) {
    out[k] = list.map((e) => {
      if (typeof e === 'string') return translate(lang, e);
      const vars = Object.fromEntries(
        Object.entries(e.vars).map(([n, v]) => [
          n,
          typeof v === 'object' ? (lang === 'ne' ? v.ne || v.en : v.en) : v,
        ]),
      );
      return translate(lang, e.key, vars);
    });
  }
  return out;
}

/** Audits a 403, or a 401 from the auth hook; a failed write is logged, never answered. */
async function auditRefusal(db: Db, req: FastifyRequest, status: number) {
  const reason = status === 401 ? req.authFailure : 'forbidden';
  if (!reason) return; // a 401 of the login route itself is audited there
  try {
    await audit(db, {
      userId: req.user?.id ?? null,
      action: status === 401 ? 'auth.rejected' : 'auth.denied',
      entity: 'route',
      data: { method: req.method, route: req.routeOptions.url ?? null, reason },
      ip: req.ip,
    });
  } catch (e) {
    req.log.error({ err: e }, 'audit write failed');
  }
}

/** What every answer with a `message` may also carry: its catalogue key and values. */
const MESSAGE_KEY_SHAPE = {
  /** catalogue key of `message` (src/shared/i18n), for the client to render in its language */
  messageKey: z.string().optional(),
  /** the values of the key's {{placeholders}} */
  messageVars: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/** `{message, messageKey, messageVars?}` of an error in `lang`. */
function errorBody(lang: Lang, key: string, vars: Record<string, string | number> = {}) {
  return {
    message: translate(lang, key, vars),
    messageKey: key,
    ...(Object.keys(vars).length ? { messageVars: vars } : {}),
  };
}

/**
 * Success answers: a `message` that is a catalogue key or a known reply text (SPEC §8, in either
 * language) is answered in the request's language with its `messageKey`. Every route's response
 * schema that has a `message` declares the key too (so the serializer keeps it and the OpenAPI
 * document says it), added here once rather than in each route.
 */
function addMessageHooks(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const [code, schema] of Object.entries(response ?? {})) {
      if (schema instanceof z.ZodObject && 'message' in schema.shape)
        response![code] = schema.extend(MESSAGE_KEY_SHAPE);
    }
  });
  app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const p = payload as Record<string, unknown>;
    // an error body is already in the request's language, with its key
    if (typeof p.message !== 'string' || typeof p.messageKey === 'string') return payload;
    const key = messageKeyOf(p.message);
    if (!key) return payload;
    return { ...p, message: translate(requestLang(req), key), messageKey: key };
  });
}

export default fp(async function errorsPlugin(app: FastifyInstance, opts: { db?: Db }) {
  addMessageHooks(app);
  app.setErrorHandler(async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'app error');
      if (opts.db && (err.statusCode === 401 || err.statusCode === 403)) {
        await auditRefusal(opts.db, req, err.statusCode);
      }
      const body: Record<string, unknown> = errorBody(lang, err.messageKey, err.vars);
      if (err.fieldErrors) body.errors = fieldErrors(lang, err.fieldErrors);
      return reply.code(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fields[key] ??= []).push(issueKey(v.message));
      }
      const inBody = err.validationContext === 'body';
      return reply.code(inBody ? 422 : 400).send({
        ...errorBody(lang, inBody ? 'errors.validation' : 'errors.badRequest'),
        errors: fieldErrors(lang, fields),
      });
    }
    // A value PostgreSQL cannot take (SQLSTATE class 22, "data exception": NUL in text, a
    // number out of range, an impossible date) is the client's bad input, not a server fault.
    const sqlState = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown })?.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      req.log.warn({ sqlState }, 'data exception from the database');
      return reply.code(400).send(errorBody(lang, 'errors.badRequest'));
    }
    // A race that got past the checks (two requests at once) meets a unique index or a lock:
    // the client's conflict, with a clear message, never a 500 (issue 15 §4).
    if (isUniqueViolation(err)) {
      const { constraint } = sqlStateOf(err);
      req.log.warn({ constraint }, 'unique violation');
      if (constraint === 'payments_fy_receipt_uq')
        return reply.code(422).send({
          ...errorBody(lang, 'errors.validation'),
          errors: fieldErrors(lang, { receiptNo: ['errors.receiptTaken'] }),
        });
      return reply.code(409).send(errorBody(lang, 'errors.duplicate'));
    }
    if (isRetryableConflict(err)) {
      return reply.code(409).send(errorBody(lang, 'errors.conflict'));
    }
    // A malformed multipart body (no boundary, cut off, a bad part header): busboy's errors
    // carry no status, but they are the client's bad input.
    if (
      !err.statusCode &&
      /^(Unexpected end of (form|multipart data)|Multipart: Boundary not found|Malformed part header)/.test(
        err.message,
      )
    ) {
      return reply.code(400).send(errorBody(lang, 'errors.badRequest'));
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return reply.code(413).send(errorBody(lang, 'errors.fileTooLarge'));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody(lang, 'errors.tooManyRequests'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, bad content type, too many parts): safe, but
      // we still answer our own text rather than the library's.
      req.log.info({ code: err.code }, 'client error');
      return reply.code(status).send(errorBody(lang, 'errors.badRequest'));
    }
    // PostgreSQL restarting or unreachable: a retryable 503, not a bug (issue 8 §4).
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ code: (err as { code?: unknown }).code }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '2')
        .send(errorBody(lang, 'errors.databaseUnavailable'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(lang, 'errors.server'));
  });
});
