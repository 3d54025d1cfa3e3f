/**
 * What every answer of the API must be (issue 8 §3, DESIGN.md §10), checked by the fuzzers:
 * - no 5xx;
 * - no stack trace, SQL text, SQLSTATE code or server file path, in the body or the headers;
 * - a declared status whose JSON body matches the route's declared response schema (OpenAPI), or
 *   a refusal of the shared error handler (`{ message, errors? }`, ERROR_BODY_SCHEMA) with one of
 *   the statuses it produces;
 * - a non-JSON body (PDF, CSV, XLSX, an uploaded image) only where the route declares a body
 *   without a JSON schema.
 * `problems` returns what is wrong (empty when the answer is fine), so a test can say all of it.
 */
import type { ValidateFunction } from 'ajv';
import type { Ajv } from 'ajv';
import { ERROR_BODY_SCHEMA, type Operation } from './openapi.js';

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Statuses the shared error handler (plugins/errors.ts) answers for any route without the route
 * declaring them: AppErrors (400, 401, 403, 404, 409, 410, 413, 422, 429, 507 disk full), and
 * Fastify's own client errors it rewraps (404 unknown route, 405, 406, 411, 413 body too large,
 * 414, 415 unsupported content type, 431).
 */
export const GENERIC_ERROR_STATUSES = new Set([
  400, 401, 403, 404, 405, 406, 409, 410, 411, 413, 414, 415, 422, 429, 431,
]);

/**
 * Routes allowed to answer JSON without a declared response schema (their 200 bodies could not
 * be checked). Empty: every JSON route declares one, and a route that does not fails the fuzzing.
 */
export const UNTYPED_JSON_ROUTES: ReadonlySet<string> = new Set<string>([]);

/**
 * Routes that declare a JSON answer and send a CSV file instead when asked with `format=csv`
 * (the payments reconciliation). Their CSV is still checked for leaks like any text answer.
 */
export const CSV_FORMAT_ROUTES: ReadonlySet<string> = new Set(['GET /api/payments/reconciliation']);

/** Content types a route may answer instead of JSON, where it declares a non-JSON body. */
const BINARY_TYPES =
  /^(application\/pdf|text\/csv|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|image\/(jpeg|png|svg\+xml))\b/;

/** [what, pattern] pairs that must never match an answer (issue 8 §3). */
export const LEAKS: [string, RegExp][] = [
  [
    'stack trace',
    /\bat .*\(.*:\d+:\d+\)|\bat (file:\/\/|\/|node:)\S+:\d+:\d+|\w*Error: .*(\/|\\)\w/,
  ],
  [
    'file path',
    /\/work\/|\/tmp\/|\/home\/|\/usr\/|node_modules|src\/server|[A-Za-z]:\\\\|[A-Za-z]:\\[A-Za-z]|[\w-]+\.(ts|mjs|cjs|js):\d+/,
  ],
  [
    'SQL',
    // statement shapes as drivers print them (quoted identifiers, `from x where`), not English
    // such as "Select a ward from the list"
    /\bselect\b[\s\S]{0,200}?\bfrom\s+("\w|\w+\s+(where|join|order|limit|group)\b)|\binsert\s+into\s+("\w|\w+\s*\(|\w+\s+values\b)|\bupdate\s+"?\w+"?\s+set\s+"?\w+"?\s*=|\bdelete\s+from\s+("\w|\w+\s+where\b)|syntax error at|relation "|violates (not-null|unique|foreign key|check)|duplicate key|drizzle|postgres|pglite|sqlstate/i,
  ],
];

/**
 * SQLSTATE-like codes in an error message: `code 23505`, `SQLSTATE 42703`, or a code with its
 * class letter (22P02, 42P01, XX000). A bare five-digit number is not one: messages carry
 * amounts and counts.
 */
const SQLSTATE = /\b(sqlstate|code)\W{0,3}[0-9A-Z]{5}\b|\b\d{2}P\d{2}\b|\bXX00\d\b/i;

/** Strings of a parsed JSON value, deep. */
export function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  return out;
}

/**
 * `s` with every occurrence of the request's own text values (3 characters or more) cut out: a
 * message that quotes the input ("Cannot sort by \"12P34\".") must not be taken for a leak or an
 * SQLSTATE code the server wrote. Only this request's values are cut (the run's remembered
 * values count as input only when a whole string equals one), and shorter values are left in
 * because cutting every "e" would hide a real leak around them.
 */
export function withoutEcho(s: string, sent: readonly string[]): string {
  const values = [...new Set(sent.flatMap((x) => [x, x.trim()]))]
    .filter((x) => x.length >= 3)
    .sort((a, b) => b.length - a.length);
  return values.reduce((out, x) => out.split(x).join(' '), s);
}

/** Object keys of a parsed JSON value, deep. */
function keys(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => keys(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      keys(x, out);
    }
  }
  return out;
}

const ajvErrors = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

/**
 * The shortest text sent earlier in a run that is cut out of a longer answer as quoted input
 * (`Oracle.problems`): shorter ones would cut the server's own words around a real leak.
 */
export const REMEMBERED_QUOTE_MIN = 6;

export class Oracle {
  private readonly errorBody: ValidateFunction;
  /** With `rememberSent`: every text value sent through `problems` so far (the run's input). */
  private readonly echoed = new Set<string>();

  /**
   * @param untyped route keys allowed a JSON answer without a declared response schema (known
   *   gaps, reported; everything else answering JSON must declare what it answers)
   * @param rememberSent treat text sent by any earlier request of this oracle as echoed input
   */
  constructor(
    ajv: Ajv,
    private readonly untyped: ReadonlySet<string> = UNTYPED_JSON_ROUTES,
    private readonly rememberSent = false,
  ) {
    this.errorBody = ajv.compile(ERROR_BODY_SCHEMA);
  }

  /**
   * What is wrong with `res` as an answer of `op` (empty: nothing). `sent`: the text values the
   * request carried; a JSON string that only echoes one of them back (a saved name `G:\\p`) is
   * the client's own input, not a leak. With `rememberSent`, text sent by an earlier request
   * counts too: the server may have saved it (a state named `H:\\z` by an earlier PUT, listed
   * by a later request of the same run), whole or, when a leak pattern matched, quoted inside a
   * longer text if it is REMEMBERED_QUOTE_MIN characters or more (a 422 listing saved business
   * type names, one of them `Vk-p:\\yeot`: CI flake, FUZZ_SEED=655359787).
   */
  problems(
    op: Pick<Operation, 'responses' | 'key'>,
    res: Answer,
    sent: readonly string[] = [],
  ): string[] {
    const out: string[] = [];
    const status = res.statusCode;
    if (status >= 500) out.push(`status ${status}`);
    const type = String(res.headers['content-type'] ?? '');
    const isJson = type.startsWith('application/json');
    const isBinary = BINARY_TYPES.test(type);
    const headerText = Object.entries(res.headers)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('\n');
    let parsed: unknown;
    let badJson = false;
    if (isJson) {
      try {
        parsed = JSON.parse(res.body);
      } catch {
        badJson = true;
      }
    }
    // JSON escapes quotes and newlines: look for leaks in the decoded strings (keys included)
    const echoed = this.rememberSent ? this.echoed : new Set<string>();
    for (const x of sent) echoed.add(x).add(x.trim());
    const bodyText =
      isJson && !badJson
        ? [
            ...strings(parsed)
              .filter((x) => !echoed.has(x) && !echoed.has(x.trim()))
              .map((x) => withoutEcho(x, sent)),
            ...keys(parsed),
          ].join('\n')
        : res.body;
    // only once something matched: cutting every remembered value from every answer is slow
    let withoutRemembered: string | undefined;
    const stillMatches = (re: RegExp) => {
      if (!this.rememberSent) return true;
      withoutRemembered ??= withoutEcho(
        bodyText,
        [...echoed].filter((x) => x.length >= REMEMBERED_QUOTE_MIN),
      );
      return re.test(withoutRemembered);
    };
    for (const [what, re] of LEAKS) {
      if (!isBinary && re.test(bodyText) && stillMatches(re)) out.push(`${what} in the body`);
      if (re.test(headerText)) out.push(`${what} in the headers`);
    }
    if (badJson) {
      out.push('a JSON content type with a body that is not JSON');
      return out;
    }
    if (status === 204 || (res.body === '' && status >= 300 && status < 400)) return out;

    const declared = op.responses.get(status);
    if (declared !== undefined) {
      if (declared) {
        const csvByFormat = CSV_FORMAT_ROUTES.has(op.key) && /^text\/csv\b/.test(type);
        if (csvByFormat) {
          for (const [what, re] of LEAKS) if (re.test(res.body)) out.push(`${what} in the CSV`);
        } else if (!isJson) out.push(`declared JSON, answered ${type || 'no content type'}`);
        else if (!declared(parsed))
          out.push(`body does not match its schema: ${ajvErrors(declared)}`);
      } else if (isJson && !this.untyped.has(op.key)) {
        out.push('a JSON answer where the route declares no response schema');
      } else if (!isBinary && !isJson) {
        out.push(`declared a file, answered ${type || 'no content type'}`);
      }
    } else if (status >= 400 && status < 500 && GENERIC_ERROR_STATUSES.has(status)) {
      if (!isJson) out.push(`error answered as ${type || 'no content type'}`);
      else if (!this.errorBody(parsed)) {
        out.push(`error body does not match { message, errors? }: ${ajvErrors(this.errorBody)}`);
      } else {
        const texts = strings(parsed).map((s) => withoutEcho(s, sent));
        if (texts.some((s) => SQLSTATE.test(s))) out.push('an SQLSTATE code in the error');
      }
    } else {
      out.push(`undeclared status ${status}`);
    }
    return out;
  }
}
