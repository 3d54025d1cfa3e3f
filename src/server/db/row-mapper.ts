/**
 * Rows of a prepared Drizzle select mapped by a function made once per query (issue 18 §2).
 *
 * Drizzle maps every row of every query field by field (`mapResultRow`, drizzle-orm 0.45
 * `utils.js`): for each field it asks again what kind of field it is (`is(field, Column)`, then
 * `SQL`, `Subquery`, `SQL.Aliased`: prototype walks), walks the field's path with an iterator,
 * and builds the row object key by key in a `reduce`. A prepared query's fields never change,
 * so for a flat selection (every field at the top level, as the lists and counts select) this
 * module answers the same objects from the decoders looked up once. Nested selections (a
 * table's columns under its name, where Drizzle also nulls a left join's missing row) keep
 * Drizzle's mapping.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** A prepared query's selected field as Drizzle keeps it (`orderSelectedFields`). */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder `mapResultRow` would use for `field`: the same four cases, in the same order. */
function decoderOf(field: unknown): Decoder {
  // (`decoder` is internal to Drizzle's SQL: not in its types)
  const of = (s: unknown) => (s as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return of(field);
  if (is(field, Subquery)) return of((field as unknown as { _: { sql: SQL } })._.sql);
  return of((field as { sql: SQL }).sql);
}

/**
 * The row mapper of a flat selection: each array row (the driver's `rowMode: 'array'`, in the
 * fields' order) as an object of the fields' keys, null kept as null and anything else through
 * the field's decoder, exactly as Drizzle maps it. Null when a field is nested.
 */
export function flatRowMapper(
  fields: readonly SelectedField[],
): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  if (!fields.length || fields.some((f) => f.path.length !== 1)) return null;
  const keys = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  const n = keys.length;
  return (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const o: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const v = row[i];
        o[keys[i]] = v === null ? null : decoders[i].mapFromDriverValue(v);
      }
      out[r] = o;
    }
    return out;
  };
}

/**
 * `prepared` (a Drizzle prepared query, any driver) answering its rows through `flatRowMapper`
 * when its selection is flat; otherwise, or for a query without fields (`execute` of raw SQL)
 * or with a mapper of its own (relational queries), unchanged. Drizzle's prepared queries call
 * `customResultMapper(rows)` instead of `mapResultRow` when it is set (drizzle-orm 0.45
 * `pglite/session.js` and `node-postgres/session.js`, `execute`); row-mapper.test.ts fails if
 * they stop doing so or map differently.
 */
export function withFlatRows<P>(prepared: P): P {
  const q = prepared as unknown as {
    fields?: SelectedField[];
    customResultMapper?: unknown;
  };
  if (!q.fields || q.customResultMapper) return prepared;
  const mapper = flatRowMapper(q.fields);
  if (mapper) q.customResultMapper = mapper;
  return prepared;
}
