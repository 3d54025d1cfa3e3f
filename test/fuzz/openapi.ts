/**
 * The fuzzers' view of the API: every operation of the app's OpenAPI document (generated from
 * the routes' zod schemas by @fastify/swagger), with its parameters, request body fields and a
 * compiled validator per declared response status (ajv over the document's JSON schemas).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/** A JSON schema as the document holds it (OpenAPI 3.0 dialect: `nullable`). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  anyOf?: Schema[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
}

export interface Operation {
  /** e.g. `POST /api/applications/{id}/renew` */
  key: string;
  method: string;
  /** OpenAPI path, `{name}` for path parameters */
  path: string;
  params: { in: 'query' | 'path' | 'header'; name: string; schema?: Schema }[];
  body: {
    json: boolean;
    multipart: boolean;
    fields: Record<string, Schema>;
    /** fields declared as "anything" (`{}`, maybe nullable): where the route takes a file */
    fileFields: string[];
  };
  /** Declared statuses: a validator for a JSON body, or null for a non-JSON one (PDF, CSV). */
  responses: Map<number, ValidateFunction | null>;
}

/** RFC 3339 date-time as zod's `z.iso.datetime()` writes it (the only format responses use). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ajv that reads the document's OpenAPI 3.0 schemas (`nullable`, `example`). ajv-formats is
 * not used (its root install clashes with @hookform/resolvers' peer range); the document's one
 * format is defined here, and an unknown format fails compilation rather than passing silently.
 */
export function newAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('date-time', (s: string) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)));
  return ajv;
}

/**
 * The shared error body (plugins/errors.ts): every refusal answers `{ message, errors? }`,
 * `errors` mapping a field to its messages, with the message's catalogue key and values
 * (`messageKey`, `messageVars`, issue 17 §8). No other key: a leaked `stack`, `code` or `sql`
 * fails it.
 */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string', minLength: 1 },
    messageKey: { type: 'string', pattern: '^[a-zA-Z]+(\\.[\\w-]+)+$' },
    messageVars: {
      type: 'object',
      additionalProperties: { type: ['string', 'number'] },
    },
    errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string', minLength: 1 } },
    },
  },
  required: ['message'],
  additionalProperties: false,
} as const;

/** Every operation of the app's OpenAPI document except the document's own UI. */
export function operations(app: FastifyInstance, ajv: Ajv = newAjv()): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content;
      const schema =
        content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
      const fields = schema?.properties ?? {};
      const responses = new Map<number, ValidateFunction | null>();
      for (const [code, r] of Object.entries(
        (op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: object }> }>,
      )) {
        const s = r.content?.['application/json']?.schema;
        responses.set(Number(code), s ? ajv.compile(s) : null);
      }
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Operation['params']) ?? [],
        body: {
          json: !!content?.['application/json'],
          multipart: !!content?.['multipart/form-data'],
          fields,
          fileFields: Object.entries(fields)
            .filter(([, s]) => Object.keys(s).every((k) => k === 'nullable' || k === 'description'))
            .map(([name]) => name),
        },
        responses,
      });
    }
  }
  return out;
}
