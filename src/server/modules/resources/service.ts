/**
 * The generic resource operations (SPEC §7 table; DESIGN.md §6), driven entirely by a
 * ResourceDef: list, all, one, with-slug, create, update, update-dropdown, change-status and
 * soft delete. Every write runs in one transaction with its audit row; uniqueness is checked
 * before the write AND a unique violation (23505) inside it still answers 422, never 500.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { translate } from '../../../shared/i18n/index.js';
import { toNepaliDigits } from '../../../shared/format.js';
import type { ListQuery } from '../../../shared/schemas/list.js';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { filterTerms, listPlan, type KeysetRow, type OrderableRows } from '../../lib/list.js';
import { listBatches, type ExportQuery } from '../../lib/export.js';
import type { Ctx, ResourceDef, Row, WriteOp } from './types.js';

/** Columns a form may never set directly. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'deletedOn']);
/** Never written to the audit log. */
const SECRET = new Set(['passwordHash', 'codeHash']);

/** The PostgreSQL error (code, constraint) behind a driver or Drizzle error, if any. */
export function pgError(e: unknown): { code: string; constraint?: string } | null {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const c = cur as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) {
      return {
        code: c.code,
        constraint: typeof c.constraint === 'string' ? c.constraint : undefined,
      };
    }
    cur = c.cause;
  }
  return null;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function sanitize(values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([k, v]) => !SECRET.has(k) && !(v && typeof v === 'object' && !(v instanceof Date)),
    ),
  );
}

export class ResourceService {
  private readonly columns: Record<string, PgColumn>;

  constructor(readonly def: ResourceDef) {
    this.columns = getTableColumns(def.table) as Record<string, PgColumn>;
  }

  col(key: string): PgColumn {
    const c = this.columns[key];
    if (!c) throw new Error(`${this.def.name}: no column ${key}`);
    return c;
  }

  // ------------------------------------------------------------------ reads

  /** The list's row query; `extra` adds fields (the keyset's sort value). */
  private select(db: Db | Tx, extra: Record<string, SQL | PgColumn> = {}) {
    const { def } = this;
    const sel: Record<string, SQL | PgColumn> = {};
    for (const [k, c] of Object.entries(this.columns)) if (!def.hidden?.includes(k)) sel[k] = c;
    for (const j of def.joins ?? []) Object.assign(sel, j.fields);
    Object.assign(sel, extra);
    let q = db.select(sel).from(def.table).$dynamic();
    for (const j of def.joins ?? []) q = q.leftJoin(j.table, j.on);
    return q;
  }

  /** The list's FROM/JOIN/WHERE selecting a constant, for the bounded count. */
  private countRows(db: Db | Tx, where: SQL | undefined) {
    let q = db
      .select({ one: sql`1` })
      .from(this.def.table)
      .$dynamic();
    for (const j of this.def.joins ?? []) q = q.leftJoin(j.table, j.on);
    return q.where(where);
  }

  private count(db: Db | Tx, where: SQL | undefined) {
    let q = db
      .select({ n: sql<number>`count(*)::int` })
      .from(this.def.table)
      .$dynamic();
    for (const j of this.def.joins ?? []) q = q.leftJoin(j.table, j.on);
    return q.where(where);
  }

  /** Rows as the API answers them: instants as ISO strings, hidden columns gone, decorated. */
  private async present(db: Db, rows: Record<string, unknown>[]) {
    const out = rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) {
        if (k === 'deletedOn' || this.def.hidden?.includes(k)) continue;
        o[k] = v instanceof Date ? v.toISOString() : v;
      }
      return this.def.present ? this.def.present(o) : o;
    });
    await this.def.hooks?.decorate?.(db, out);
    return out;
  }

  private live(): SQL {
    return isNull(this.def.table.deletedOn);
  }

  /**
   * One page (SPEC §3 generic list query; issue 8 keyset pages): seeks past `q.cursor` or
   * takes a bounded OFFSET, and counts at most MAX_LIST_COUNT rows.
   */
  async list(db: Db, q: ListQuery) {
    const plan = listPlan(this.def.list, q, [this.live()]);
    const page = await plan.page(
      db,
      (where) => this.select(db, plan.select).where(where) as unknown as OrderableRows<KeysetRow>,
      this.countRows(db, plan.where),
    );
    return { data: await this.present(db, page.rows), meta: page.meta };
  }

  /**
   * The list with its filters and sort, for an export (issue 7 §4): the row count and the
   * rows as the list answers them, in keyset batches (lib/export.ts listBatches). Filters and
   * sort are checked before this returns, so a bad one is a 400 before any byte is sent.
   */
  async exportRows(db: Db, q: Pick<ExportQuery, 'filters' | 'sortBy' | 'descending'>) {
    const where = and(this.live(), ...filterTerms(this.def.list, q.filters ?? {}));
    const [{ n }] = await this.count(db, where);
    const batches = listBatches(
      this.def.list,
      q,
      async (seek, orderBy, limit, select) =>
        (await this.select(db, select)
          .where(and(where, seek))
          .orderBy(...orderBy)
          .limit(limit)) as unknown as KeysetRow[],
      (rows) => this.present(db, rows),
    );
    return { total: n, batches };
  }

  /** Every live active row (any status for `allAnyStatus`), for dropdowns. */
  async all(db: Db, filters: Record<string, unknown>) {
    const { def } = this;
    const where: (SQL | undefined)[] = [this.live(), ...filterTerms(def.list, filters)];
    if (
      !def.allAnyStatus &&
      !('status' in filters && filters.status !== '' && filters.status != null)
    ) {
      where.push(eq(def.table.status, 1));
    }
    const rows = await this.select(db)
      .where(and(...where))
      .orderBy(...def.allOrder.map((c) => asc(c)), asc(def.table.id));
    return { data: await this.present(db, rows) };
  }

  /** The live row, raw (all columns). */
  async raw(db: Db | Tx, id: number): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(this.def.table)
      .where(and(eq(this.def.table.id, id), this.live()));
    return (row as Row | undefined) ?? null;
  }

  async one(db: Db, id: number) {
    const rows = await this.select(db).where(and(eq(this.def.table.id, id), this.live()));
    if (!rows.length) throw AppError.notFound();
    return (await this.present(db, rows))[0];
  }

  async bySlug(db: Db, slug: string) {
    if (!this.def.slug) throw AppError.notFound();
    const rows = await this.select(db).where(and(eq(this.def.slug, slug), this.live()));
    if (!rows.length) throw AppError.notFound();
    return (await this.present(db, rows))[0];
  }

  // ------------------------------------------------------------------ writes

  create(ctx: Ctx, input: Record<string, unknown>) {
    return this.write(ctx, 'create', null, input);
  }

  update(ctx: Ctx, id: number, input: Record<string, unknown>) {
    return this.write(ctx, 'update', id, input);
  }

  /** One whitelisted field (validated by the caller) of one row. */
  dropdown(ctx: Ctx, id: number, field: string, value: unknown) {
    return this.write(ctx, 'dropdown', id, { [field]: value });
  }

  private async write(
    ctx: Ctx,
    kind: WriteOp['kind'],
    id: number | null,
    input: Record<string, unknown>,
  ) {
    const { def } = this;
    const existing = id == null ? null : await this.raw(ctx.db, id);
    if (id != null && !existing) throw AppError.notFound();
    const values: Record<string, unknown> = kind === 'create' ? { ...def.createDefaults } : {};
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined || !(k in this.columns) || BOOKKEEPING.has(k)) continue;
      values[k] = v;
    }
    const op: WriteOp = { kind, input, values, existing, extra: {}, onFailure: [] };
    try {
      if (
        existing &&
        def.builtIn &&
        def.builtIn.values.includes(String(existing[def.builtIn.column]))
      ) {
        const next = values[def.builtIn.column];
        if (next !== undefined && next !== existing[def.builtIn.column]) {
          throw AppError.validation({ [def.builtIn.column]: ['errors.builtIn'] }, 'errors.builtIn');
        }
      }
      await def.hooks?.prepare?.(ctx, op);
      await this.checkParents(ctx.db, op);
      await this.checkUnique(ctx.db, op);
      const rowId = await ctx.db.transaction(async (tx) => {
        await def.hooks?.beforeWrite?.(ctx, tx, op);
        let row: Row;
        if (existing) {
          const [r] = await tx
            .update(def.table)
            .set({ ...op.values, updatedAt: new Date() } as never)
            .where(and(eq(def.table.id, existing.id), this.live()))
            .returning();
          if (!r) throw AppError.notFound();
          row = r as Row;
        } else {
          const [r] = await tx
            .insert(def.table)
            .values(op.values as never)
            .returning();
          row = r as Row;
        }
        await def.hooks?.afterWrite?.(ctx, tx, row, op);
        await audit(tx, {
          userId: ctx.user.id,
          action: `${def.name}.${kind}`,
          entity: def.name,
          entityId: row.id,
          data: existing ? { changes: this.diff(existing, op.values) } : sanitize(op.values),
          ip: ctx.ip,
        });
        return row.id;
      });
      return await this.one(ctx.db, rowId);
    } catch (e) {
      for (const undo of op.onFailure) await undo().catch(() => undefined);
      throw this.mapDbError(e, op);
    }
  }

  private diff(before: Row, after: Record<string, unknown>) {
    const out: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(sanitize(after))) {
      const was = before[k] instanceof Date ? (before[k] as Date).toISOString() : before[k];
      if (was !== v) out[k] = { from: was, to: v };
    }
    if ('passwordHash' in after) out.password = { from: '***', to: '***' };
    return out;
  }

  /** 23505 → 422 on the field of the index; 23503 → 422 on the parent field; else as is. */
  private mapDbError(e: unknown, op: WriteOp): unknown {
    if (e instanceof AppError) return e;
    const pe = pgError(e);
    if (!pe) return e;
    if (pe.code === '23505') {
      const rule = this.def.unique?.find((u) => u.index && u.index === pe.constraint);
      if (rule) return AppError.validation({ [rule.field]: [rule.message ?? 'errors.taken'] });
      return AppError.conflict();
    }
    if (pe.code === '23503') {
      const field = Object.keys(op.values).find((k) => pe.constraint?.includes(`_${snake(k)}_`));
      return field ? AppError.validation({ [field]: ['validation.choice'] }) : AppError.conflict();
    }
    return e;
  }

  private async checkParents(db: Db, op: WriteOp) {
    const errors: Record<string, string[]> = {};
    for (const [field, parent] of Object.entries(this.def.parents ?? {})) {
      const v = op.values[field];
      if (v == null) continue;
      if (op.existing && op.existing[field] === v) continue;
      const [hit] = await db
        .select({ id: parent.id })
        .from(parent)
        .where(and(eq(parent.id, Number(v)), isNull(parent.deletedOn)));
      if (!hit) errors[field] = ['validation.choice'];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  private async checkUnique(db: Db, op: WriteOp) {
    const errors: Record<string, string[]> = {};
    const merged = { ...op.existing, ...op.values };
    for (const rule of this.def.unique ?? []) {
      if (errors[rule.field]) continue;
      if (
        op.existing &&
        rule.columns.every((c) => !(c in op.values) || op.values[c] === op.existing![c])
      )
        continue;
      const terms: (SQL | undefined)[] = [this.live()];
      let skip = false;
      rule.columns.forEach((c, i) => {
        const v = merged[c];
        if (v == null) skip = true;
        else if (rule.ci && i === 0) terms.push(sql`lower(${this.col(c)}) = lower(${String(v)})`);
        else terms.push(eq(this.col(c), v));
      });
      if (skip) continue;
      if (op.existing) terms.push(ne(this.def.table.id, op.existing.id));
      const [hit] = await db
        .select({ id: this.def.table.id })
        .from(this.def.table)
        .where(and(...terms))
        .limit(1);
      if (hit) errors[rule.field] = [rule.message ?? 'errors.taken'];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  /** Toggles status 1 ↔ 0. */
  async changeStatus(ctx: Ctx, id: number) {
    const { def } = this;
    const row = await this.raw(ctx.db, id);
    if (!row) throw AppError.notFound();
    const next: 0 | 1 = row.status === 1 ? 0 : 1;
    try {
      await ctx.db.transaction(async (tx) => {
        const extra = (await def.hooks?.beforeStatus?.(ctx, tx, row, next)) ?? {};
        const [r] = await tx
          .update(def.table)
          .set({ ...extra, status: next, updatedAt: new Date() } as never)
          .where(and(eq(def.table.id, id), eq(def.table.status, row.status), this.live()))
          .returning({ id: def.table.id });
        // a concurrent toggle won: nothing changed here
        if (!r) throw AppError.conflict();
        await def.hooks?.afterStatus?.(ctx, tx, row, next);
        await audit(tx, {
          userId: ctx.user.id,
          action: `${def.name}.status`,
          entity: def.name,
          entityId: id,
          data: { from: row.status, to: next },
          ip: ctx.ip,
        });
      });
    } catch (e) {
      throw this.mapDbError(e, {
        kind: 'update',
        input: {},
        values: {},
        existing: row,
        extra: {},
        onFailure: [],
      });
    }
    return this.one(ctx.db, id);
  }

  /**
   * Soft delete (deletedOn = now). Ids that do not exist or are already deleted are reported
   * in `notDeleted` and change nothing. If any row is still used by others, nothing is
   * deleted: 409 with what uses it.
   */
  async delete(ctx: Ctx, ids: number[]) {
    const { def } = this;
    const wanted = [...new Set(ids)];
    return ctx.db.transaction(async (tx) => {
      const rows = (await tx
        .select()
        .from(def.table)
        .where(and(inArray(def.table.id, wanted), this.live()))
        .for('update')) as Row[];
      const found = rows.map((r) => r.id);
      if (found.length) {
        if (def.builtIn) {
          const fixed = rows.filter((r) =>
            def.builtIn!.values.includes(String(r[def.builtIn!.column])),
          );
          if (fixed.length) throw new AppError(409, 'BUILT_IN', 'errors.builtIn');
        }
        await this.checkReferences(ctx, tx, found);
        await def.hooks?.beforeDelete?.(ctx, tx, rows);
        await tx
          .update(def.table)
          .set({ deletedOn: new Date(), updatedAt: new Date() } as never)
          .where(and(inArray(def.table.id, found), this.live()));
        await def.hooks?.afterDelete?.(ctx, tx, found);
        for (const id of found) {
          await audit(tx, {
            userId: ctx.user.id,
            action: `${def.name}.delete`,
            entity: def.name,
            entityId: id,
            ip: ctx.ip,
          });
        }
      }
      const deleted = found.sort((a, b) => a - b);
      const notDeleted = wanted.filter((id) => !found.includes(id)).sort((a, b) => a - b);
      return { deleted, notDeleted };
    });
  }

  private async checkReferences(ctx: Ctx, tx: Tx, ids: number[]) {
    const uses: string[] = [];
    for (const ref of this.def.references ?? []) {
      const counts = await ref.count(tx, ids);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      if (total > 0) {
        uses.push(
          translate(ctx.lang, ref.label, {
            count: ctx.lang === 'ne' ? toNepaliDigits(total) : total,
          }),
        );
      }
    }
    if (uses.length) throw new AppError(409, 'IN_USE', 'errors.inUse', { uses: uses.join(', ') });
  }
}
