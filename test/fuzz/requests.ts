/**
 * fast-check arbitraries for API requests, built from an operation's OpenAPI schemas: values of
 * the declared type and range (so validation passes and the handler runs) mixed with wrong types,
 * Devanagari, NUL, `../`, SQL and formula text, huge strings, extra keys, broken or oversized
 * JSON, and multipart bodies with hostile uploads. Every request prints compactly
 * (`fc.toStringMethod`), so a shrunk counterexample reads as `POST /api/x {json …}`.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Operation, Schema } from './openapi.js';
import { strings } from './oracle.js';

/** Text an attacker or a clumsy client would send (never a server path: answers echo input). */
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a\u0000b',
  "' OR '1'='1'; --",
  '"; DROP TABLE applications; --',
  '=HYPERLINK("http://x")',
  '+cmd|/c calc',
  '@SUM(1)',
  '<script>alert(1)</script>',
  '{"$ne":null}',
  '[]',
  '{}',
  '२०८२-०४-३२',
  'व्यवसाय दर्ता',
  '2082-13-40',
  '2024-02-30',
  '9'.repeat(40),
  'x'.repeat(5000),
  '\u202E\uFEFF\u200D',
  '\uD800',
);
export const text = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
export const scalar = fc.oneof(
  text,
  fc.integer({ min: -5, max: 3_000_000_000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A value that the schema accepts (mostly): enum members, numbers in range, dates, strings. */
export function validFor(s: Schema | undefined): fc.Arbitrary<unknown> {
  if (!s) return text;
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map(validFor));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') {
    const min = Math.max(s.minimum ?? -10, -1_000_000_000);
    const max = Math.min(s.maximum ?? 100_000, 1_000_000_000);
    return fc.oneof(
      fc.integer({
        min: Math.ceil(min),
        max: Math.max(Math.ceil(min), Math.floor(Math.min(max, min + 60))),
      }),
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    );
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array(validFor(s.items), { maxLength: 3 });
  if (type === 'object' && s.properties) {
    return fc.record(
      Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, validFor(v)])),
      { requiredKeys: s.required ?? [] },
    );
  }
  if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') || s.format === 'date') return isoDate;
  return fc.string({
    minLength: s.minLength ?? 0,
    maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)),
  });
}

/** A value for a declared field: mostly one the schema accepts, often not. */
export const valueFor = (s: Schema | undefined) =>
  fc.oneof({ weight: 3, arbitrary: validFor(s) }, { weight: 2, arbitrary: anyValue });

/** As a form or query string value: strings as they are, anything else as JSON. */
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const PDF = Buffer.from('%PDF-1.4\n');

/** A file part: the name is bytes, so a fuzzer can send names that are not UTF-8. */
export interface FilePart {
  filename: Buffer | string;
  type: string;
  data: Buffer;
}

/**
 * Encodes a multipart/form-data body byte for byte (unlike test/helper.ts `multipart`, names may
 * be any bytes, NUL and invalid UTF-8 included).
 */
export function rawMultipart(
  fields: Record<string, string | string[]>,
  files: Record<string, FilePart | FilePart[]> = {},
) {
  const boundary = `----darta-fuzz-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`),
        Buffer.from(one),
        Buffer.from('\r\n'),
      );
    }
  }
  for (const [k, list] of Object.entries(files)) {
    for (const f of Array.isArray(list) ? list : [list]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="`),
        Buffer.from(f.filename),
        Buffer.from(`"\r\nContent-Type: ${f.type}\r\n\r\n`),
        f.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Hostile upload names (issue 8 §3): traversal, absolute paths, NUL, very long, not UTF-8. */
export const HOSTILE_NAMES: (string | Buffer)[] = [
  '../../../etc/passwd.jpg',
  '..\\..\\..\\windows\\system32\\x.pdf',
  '/etc/cron.d/evil.png',
  'C:\\Windows\\evil.jpg',
  'a\u0000.jpg',
  'evil.php\u0000.pdf',
  `${'x'.repeat(5000)}.jpg`,
  Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x2e, 0x6a, 0x70, 0x67]),
  Buffer.from([0x2e, 0x2e, 0x2f, 0xc0, 0xaf, 0x2e, 0x2e, 0x2f, 0x78, 0x2e, 0x70, 0x6e, 0x67]),
  '',
];

/** Bytes that are not what the declared type says, and declared types to pair them with. */
export const WRONG_BYTES: { what: string; data: Buffer }[] = [
  { what: 'GIF', data: Buffer.from('GIF89a\x01\x00\x01\x00') },
  { what: 'EXE', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
  { what: 'HTML', data: Buffer.from('<html><script>alert(1)</script></html>') },
  { what: 'SVG', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
  { what: 'ZIP', data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]) },
  { what: 'truncated JPEG', data: Buffer.from([0xff, 0xd8]) },
  { what: 'truncated PDF', data: Buffer.from('%PDF') },
  { what: 'empty', data: Buffer.alloc(0) },
];

const upload: fc.Arbitrary<FilePart> = fc.record({
  data: fc
    .tuple(
      fc.constantFrom(JPEG, PNG, PDF, ...WRONG_BYTES.map((w) => w.data)),
      fc.uint8Array({ maxLength: 256 }),
    )
    .map(([head, body]) => Buffer.concat([head, Buffer.from(body)])),
  filename: fc.oneof(
    fc.constantFrom(...HOSTILE_NAMES, 'photo.jpg', 'फोटो.png'),
    fc.string({ maxLength: 30 }),
  ),
  type: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', 'x/y'),
});

/** Over the 1 MiB JSON body limit (app.ts bodyLimit). */
export const OVERSIZED_JSON = `{"a":"${'x'.repeat(1_100_000)}"}`;

/** A generated request; prints as `METHOD url <body summary>`. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer | string;
  /** a short description of the body for the failure message */
  summary: string;
  /** every text value sent (path, query, fields): an answer may echo these back */
  sent: string[];
}

/** Path segments sent unencoded (see requestFor). */
const RAW_SEGMENTS = new Set(['%', '%zz', '%E0%A4', '%00', '%2e%2e%2f', '..', '.']);

/** `s` with lone surrogates replaced by U+FFFD (String#toWellFormed, ES2024). */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** `s`, cut to `n` characters with the cut length said. */
export function clip(s: string, n = 160): string {
  return s.length <= n ? s : `${s.slice(0, n)}…(+${s.length - n})`;
}

function request(r: Omit<FuzzRequest, 'summary'>, summary: string): FuzzRequest {
  const out: FuzzRequest = { ...r, summary };
  Object.defineProperty(out, 'sent', { value: r.sent, enumerable: false });
  Object.defineProperty(out, fc.toStringMethod, {
    value: () => `${r.method} ${clip(r.url, 200)} ${summary}`.trim(),
    enumerable: false,
  });
  return out;
}

const fileSummary = (k: string, f: FilePart) =>
  `${k}=<${f.type}, ${f.data.length} B, head ${f.data.subarray(0, 4).toString('hex')}, name ${JSON.stringify(clip(Buffer.isBuffer(f.filename) ? f.filename.toString('latin1') : f.filename, 40))}>`;

/** Requests for `op`, built from its declared fields plus junk. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  // header values are visible ASCII: light-my-request refuses anything else before the server
  const headerArb = fc.record(
    Object.fromEntries(
      op.params
        .filter((p) => p.in === 'header')
        .map((p) => [p.name, fc.stringMatching(/^[\x21-\x7e]{0,120}$/)]),
    ),
    { requiredKeys: [] },
  );
  const pathArb = fc.tuple(
    ...pathParams.map(() =>
      fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
        fc.integer({ min: -2, max: 0 }).map(String),
        fc.integer({ min: 2_147_483_640, max: 9_007_199_254_740_991 }).map(String),
        text.filter((s) => s.length > 0),
        // sent as they are, not encoded: malformed escapes the router itself must refuse
        fc.constantFrom(...RAW_SEGMENTS),
      ),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        p.name === 'filters'
          ? fc.oneof(
              fc
                .dictionary(
                  fc.constantFrom('search', 'status', 'wardId', 'q', 'x', 'fiscalYearId'),
                  scalar,
                  { maxKeys: 3 },
                )
                .map((o) => JSON.stringify(o)),
              text,
            )
          : valueFor(p.schema).map(asText),
      ]),
    ),
    { requiredKeys: [] },
  );
  const fields = Object.entries(op.body.fields).filter(([k]) => !op.body.fileFields.includes(k));
  const fieldsArb = fc.record(Object.fromEntries(fields.map(([name, s]) => [name, valueFor(s)])), {
    requiredKeys: [],
  });
  const fileKeys = [
    ...op.body.fileFields.filter((k) => k !== 'documents'),
    'doc_rent-agreement',
    'doc_lalpurja',
    'photo',
    'file',
  ];
  type Body = {
    payload: Buffer | string;
    headers: Record<string, string>;
    summary: string;
    sent: string[];
  };
  const bodyArb: fc.Arbitrary<Body | undefined> =
    op.method === 'GET' || op.method === 'HEAD'
      ? fc.constant(undefined)
      : fc.oneof(
          // JSON of the declared fields (plus an extra key sometimes)
          {
            weight: 3,
            arbitrary: fc
              .tuple(fieldsArb, fc.option(fc.dictionary(fc.string({ maxLength: 6 }), scalar)))
              .map(([f, extra]) => {
                const value = { ...f, ...(extra ?? {}) };
                const payload = JSON.stringify(value);
                return {
                  payload,
                  sent: strings(value),
                  headers: { 'content-type': 'application/json' },
                  summary: `json ${clip(payload)}`,
                };
              }),
          },
          // broken or oversized JSON, or a content type nobody accepts
          fc
            .constantFrom('{', '{"a":', 'null', '[1,2', '"x"', '\u0000', OVERSIZED_JSON)
            .chain((payload) =>
              fc.constantFrom('application/json', 'text/plain', 'application/xml').map((ct) => ({
                payload,
                sent: [],
                headers: { 'content-type': ct },
                summary: `${ct} ${clip(JSON.stringify(payload), 60)}`,
              })),
            ),
          // multipart: the fields as text, and files with right or wrong bytes and names
          {
            weight: 3,
            arbitrary: fc
              .tuple(fieldsArb, fc.dictionary(fc.constantFrom(...fileKeys), upload, { maxKeys: 3 }))
              .map(([f, files]) => {
                const textFields = Object.fromEntries(
                  Object.entries(f).map(([k, v]) => [k, asText(v)]),
                );
                const m = rawMultipart(textFields, files);
                return {
                  payload: m.payload,
                  sent: [...Object.values(textFields), ...strings(f)],
                  headers: m.headers,
                  summary: `multipart ${clip(JSON.stringify(textFields))} ${Object.entries(files)
                    .map(([k, u]) => fileSummary(k, u))
                    .join(' ')}`,
                };
              }),
          },
        );
  return fc.tuple(pathArb, queryArb, bodyArb, headerArb).map(([path, query, body, headers]) => {
    let i = 0;
    const url = op.path.replace(/\{[^}]+\}/g, () => {
      const v = path[i++] as string;
      if (RAW_SEGMENTS.has(v)) return v;
      // a lone surrogate cannot be percent-encoded: send its replacement character
      return encodeURIComponent(wellFormed(v));
    });
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    return request(
      {
        method: op.method,
        url: qs ? `${url}?${qs}` : url,
        headers: { ...(headers as Record<string, string>), ...body?.headers },
        payload: body?.payload,
        sent: [
          ...(path as string[]),
          ...Object.values(query as Record<string, string>),
          ...(body?.sent ?? []),
        ],
      },
      [Object.keys(headers).length ? `headers ${JSON.stringify(headers)}` : '', body?.summary ?? '']
        .filter(Boolean)
        .join(' '),
    );
  });
}
