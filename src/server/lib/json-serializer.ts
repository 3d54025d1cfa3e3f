/**
 * A response serializer compiled once from a route's zod response schema (issue 18 §2: the list
 * at ≥ 0.8× the bare endpoint). fastify-type-provider-zod's serializer parses every answer with
 * zod (a copy of each row) and then JSON.stringify's it; for a hot route this one writes the
 * JSON directly, key by key, in the schema's key order: only the schema's keys are written
 * (an internal field such as `_sortValue` never leaves), `undefined` optional keys are left
 * out, and a value of the wrong kind (a string where a number belongs, a missing required
 * field) throws, so the route answers 500 rather than an answer its schema does not describe.
 * Enum members and string formats are not checked: the routes using it build their rows from
 * typed queries (and their tests parse the answers with the schema).
 *
 * Supports objects, arrays, strings, numbers, booleans, enums, literals, nullable, optional
 * and default; anything else is written by JSON.stringify as it is.
 */
import { z } from 'zod';

type Write = (v: unknown) => string;

/** The zod definition of a schema, as zod v4 exposes it. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

function fail(kind: string, v: unknown): never {
  throw new TypeError(`response: expected ${kind}, got ${v === null ? 'null' : typeof v}`);
}

/**
 * A string as JSON: quoted as it is when no character needs escaping (a control character, a
 * quote, a backslash, a lone surrogate half), else by JSON.stringify. Faster than calling
 * JSON.stringify for each of a page's short strings.
 */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff))
      return JSON.stringify(s);
  }
  return `"${s}"`;
}

const writeString: Write = (v) => (typeof v === 'string' ? quote(v) : fail('string', v));
const writeNumber: Write = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : fail('number', v);
const writeBoolean: Write = (v) =>
  v === true ? 'true' : v === false ? 'false' : fail('boolean', v);

/** The writer of schema `s` (see the module comment). */
function compile(s: z.ZodType): Write {
  const def = defOf(s);
  switch (def.type) {
    case 'string':
    case 'enum':
      return writeString;
    case 'number':
    case 'int':
      return writeNumber;
    case 'boolean':
      return writeBoolean;
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional':
    case 'default':
      return compile(def.innerType!);
    case 'array': {
      const element = compile(def.element!);
      return (v) => {
        if (!Array.isArray(v)) fail('array', v);
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + element(v[i]);
        return out + ']';
      };
    }
    case 'object':
      return compileObject(def.shape!);
    default:
      return (v) => JSON.stringify(v) ?? 'null';
  }
}

/**
 * An object's writer as straight-line code, one statement per key (generated once per schema
 * from its key names, which are JSON-quoted into it; no value ever becomes code).
 */
function compileObject(shape: Record<string, z.ZodType>): Write {
  const entries = Object.entries(shape);
  const writers = entries.map(([, schema]) => compile(schema));
  const lines = entries.map(([key, schema], i) => {
    const k = JSON.stringify(key);
    const put = `out += (out ? ',' : '') + ${JSON.stringify(`${k}:`)} + w[${i}](v);`;
    return defOf(schema).type === 'optional'
      ? `v = o[${k}]; if (v !== undefined) { ${put} }`
      : `v = o[${k}]; if (v === undefined) fail(${JSON.stringify(`field ${key}`)}, v); ${put}`;
  });
  const body = `if (typeof o !== 'object' || o === null) fail('object', o);
    let out = ''; let v;
    ${lines.join('\n')}
    return '{' + out + '}';`;
  // (generated from the key names only, never from a value)
  const make = new Function('w', 'fail', `return function writeObject(o) { ${body} };`) as (
    w: Write[],
    f: typeof fail,
  ) => Write;
  return make(writers, fail);
}

/**
 * A Fastify `serializerCompiler` for a route whose response schemas are zod schemas: each
 * status's schema compiled once (see the module comment).
 */
export function compiledZodSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  return compile(schema as z.ZodType);
}
