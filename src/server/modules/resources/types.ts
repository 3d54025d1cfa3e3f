/**
 * The shape of one generic resource declaration (issue 3: one mechanism, configured per
 * resource). registry.ts declares the thirteen resources with it; service.ts and routes.ts
 * are the only code that runs them.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Lang } from '../../../shared/i18n/index.js';
import type { SetupResource } from '../../../shared/schemas/resources.js';
import type { Db, Tx } from '../../db/client.js';
import type { ListSpec } from '../../lib/list.js';
import type { FileStore } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';

/** A table with the columns every generic resource carries (schema.ts `common`). */
export type ResTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedOn: PgColumn;
};

export type Row = Record<string, unknown> & { id: number; status: number };

/** Who is asking, for hooks and audit. */
export interface Ctx {
  db: Db;
  store: FileStore;
  user: AuthUser;
  ip: string;
  lang: Lang;
}

/** One create, update or update-dropdown, as the hooks see it. */
export interface WriteOp {
  kind: 'create' | 'update' | 'dropdown';
  /** the validated form (zod output), without redirect/redirect_page */
  input: Record<string, unknown>;
  /** column values to write; hooks may add, change or remove keys */
  values: Record<string, unknown>;
  /** the row before the change (update, dropdown) */
  existing: Row | null;
  /** scratch space for hooks (saved files, permission ids, ...) */
  extra: Record<string, unknown>;
  /** undo steps run when the write fails (e.g. remove files saved before the transaction) */
  onFailure: (() => Promise<void>)[];
}

/** A uniqueness rule: `field` gets the 422. `columns` together are unique among live rows. */
export interface UniqueRule {
  field: string;
  /** fields (table keys) that must be unique together; the first is compared case-insensitively when `ci` */
  columns: string[];
  ci?: boolean;
  /** the database index that enforces it (maps a 23505 to this field) */
  index?: string;
  /** translation key; default 'errors.taken' */
  message?: string;
}

/** Rows of another table that use this one; deleting a used row is a 409 naming them. */
export interface Reference {
  /** translation key with {{count}}, e.g. 'usage.applications' */
  label: string;
  /** live rows per id of this resource that use it */
  count: (db: Db | Tx, ids: number[]) => Promise<Map<number, number>>;
}

export interface Hooks {
  /** after validation, before the transaction: derived values, cross-field rules, hashing, files */
  prepare?(ctx: Ctx, op: WriteOp): Promise<void> | void;
  /** in the transaction, before the insert/update: locks and rules that read other rows */
  beforeWrite?(ctx: Ctx, tx: Tx, op: WriteOp): Promise<void>;
  /** in the transaction, after the insert/update: links to other tables */
  afterWrite?(ctx: Ctx, tx: Tx, row: Row, op: WriteOp): Promise<void>;
  /** in the transaction, before rows are soft-deleted (throw to refuse all) */
  beforeDelete?(ctx: Ctx, tx: Tx, rows: Row[]): Promise<void>;
  afterDelete?(ctx: Ctx, tx: Tx, ids: number[]): Promise<void>;
  /** in the transaction, before the status toggles to `next`; returns extra column values */
  beforeStatus?(ctx: Ctx, tx: Tx, row: Row, next: 0 | 1): Promise<Record<string, unknown> | void>;
  afterStatus?(ctx: Ctx, tx: Tx, row: Row, next: 0 | 1): Promise<void>;
  /** adds computed fields to rows read for the API (e.g. a role's permissionIds) */
  decorate?(db: Db, rows: Record<string, unknown>[]): Promise<void>;
}

export interface Join {
  table: PgTable;
  on: SQL;
  /** output field → column of the joined table */
  fields: Record<string, PgColumn>;
}

export interface ResourceDef {
  name: SetupResource;
  table: ResTable;
  /** singular English noun for OpenAPI texts */
  noun: string;
  /** `all` is open to every signed-in user (dropdowns of the application form) */
  allOpen?: boolean;
  /** `all` returns inactive rows too (fiscal years: status means "current") */
  allAnyStatus?: boolean;
  /** ORDER BY of `all` */
  allOrder: PgColumn[];
  /** list, {id}, with-slug only */
  readOnly?: boolean;
  forms?: { create: z.ZodType; update: z.ZodType };
  /** the list query: sortable columns and filters */
  list: ListSpec;
  /** columns never answered */
  hidden?: string[];
  /** joined display fields (parent names) */
  joins?: Join[];
  /** rewrites an answered row (e.g. masks a phone number) */
  present?(row: Record<string, unknown>): Record<string, unknown>;
  /** column of `GET /api/{r}/with-slug/{slug}` */
  slug?: PgColumn;
  unique?: UniqueRule[];
  /** form field → parent table it must name a live row of (422 'validation.choice' otherwise) */
  parents?: Record<string, ResTable>;
  references?: Reference[];
  /** fields `update-dropdown` may change (shared DROPDOWN_FIELDS) */
  dropdown: readonly string[];
  /** rows code relies on by slug: their slug is fixed and they cannot be deleted */
  builtIn?: { column: 'slug'; values: readonly string[] };
  /** column defaults for create that differ from the table's */
  createDefaults?: Record<string, unknown>;
  hooks?: Hooks;
}
