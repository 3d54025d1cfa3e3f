/**
 * The special rules of some resources, as hooks of their declarations (registry.ts):
 * - fiscal years: dates do not overlap; the current year cannot be deactivated or deleted
 *   (which year is current changes only through fiscal-years.ts, never the status switch);
 * - tax setups: capital bands of one business type and fiscal year do not overlap;
 * - users: password hashing, ward for ward admins, the role link that follows userType,
 *   photo/citizenship uploads, and no lock-out (own account, last system admin);
 * - roles: permission links;
 * - wards: belong to the palika of this installation;
 * - slugs generated from the English name.
 */
import { and, eq, gte, inArray, isNull, like, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { findBandProblem } from '../../../shared/fees.js';
import { ROLES } from '../../../shared/permissions.js';
import { slugify } from '../../../shared/schemas/resources.js';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../../db/client.js';
import {
  accessTokens,
  businessTypes,
  files,
  fiscalYears,
  permissions,
  rolePermissions,
  roles,
  settings,
  taxSetups,
  userRoles,
  users,
} from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { checkUpload, isUploadedFile } from '../../lib/storage.js';
import type { Hooks, Reference, ResTable, Row } from './types.js';

// ---------------------------------------------------------------- references

/** Rows of `table` whose `column` points at the ids; with `deletedOn`, only live rows count. */
export function usedBy(
  label: string,
  table: PgTable,
  column: PgColumn,
  deletedOn?: PgColumn,
): Reference {
  return {
    label,
    count: async (db, ids) => {
      const rows = await db
        .select({ id: column, n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(inArray(column, ids), deletedOn ? isNull(deletedOn) : undefined))
        .groupBy(column);
      return new Map(rows.map((r) => [Number(r.id), r.n]));
    },
  };
}

// ---------------------------------------------------------------- slugs

/** A slug not used by a live row: `base`, `base-2`, `base-3`, ... */
async function freeSlug(
  db: Db,
  table: ResTable & { slug: PgColumn },
  base: string,
  exceptId?: number,
) {
  const root = base || 'item';
  const taken = new Set(
    (
      await db
        .select({ slug: table.slug })
        .from(table)
        .where(
          and(
            isNull(table.deletedOn),
            or(eq(table.slug, root), like(table.slug, `${root}-%`)),
            exceptId ? ne(table.id, exceptId) : undefined,
          ),
        )
    ).map((r) => String(r.slug)),
  );
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/** `slug` generated from nameEn on create when empty; kept when empty on update. */
export function slugFromName(table: ResTable & { slug: PgColumn }): Hooks {
  return {
    async prepare(ctx, op) {
      if (op.values.slug) return;
      if (op.kind !== 'create') {
        delete op.values.slug;
        return;
      }
      op.values.slug = await freeSlug(ctx.db, table, slugify(String(op.values.nameEn ?? '')));
    },
  };
}

// ---------------------------------------------------------------- wards

export const wardHooks: Hooks = {
  async prepare(ctx, op) {
    if (op.kind !== 'create') return;
    const [s] = await ctx.db.select().from(settings).where(eq(settings.key, 'palika'));
    const cityId = (s?.value as { cityId?: number } | undefined)?.cityId;
    if (!cityId) throw new AppError(409, 'NO_PALIKA', 'errors.noPalika');
    op.values.cityId = cityId;
  },
};

// ---------------------------------------------------------------- fiscal years

export const fiscalYearHooks: Hooks = {
  prepare(_ctx, op) {
    if (typeof op.values.code === 'string') op.values.slug = op.values.code.replace('/', '-');
  },
  async beforeWrite(_ctx, tx, op) {
    const merged = { ...op.existing, ...op.values } as Row & { startDate: string; endDate: string };
    // Dates of two fiscal years never overlap.
    const [clash] = await tx
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(
        and(
          isNull(fiscalYears.deletedOn),
          lte(fiscalYears.startDate, merged.endDate),
          gte(fiscalYears.endDate, merged.startDate),
          op.existing ? ne(fiscalYears.id, op.existing.id) : undefined,
        ),
      )
      .limit(1);
    if (clash)
      throw AppError.validation(
        { startDate: ['errors.fiscalYearOverlap'] },
        'errors.fiscalYearOverlap',
      );
    // The status switch never changes which year is current (issue 17 §7: that is the
    // explicit make-current action, fiscal-years.ts); the current year stays active.
    if (op.existing?.isCurrent && merged.status !== 1) {
      throw new AppError(409, 'CURRENT_FISCAL_YEAR', 'staff.errors.currentFiscalYear');
    }
    delete op.values.isCurrent;
  },
  beforeStatus(_ctx, _tx, row, next) {
    if (row.isCurrent && next === 0)
      throw new AppError(409, 'CURRENT_FISCAL_YEAR', 'staff.errors.currentFiscalYear');
    return Promise.resolve({});
  },
  async beforeDelete(_ctx, _tx, rows) {
    if (rows.some((r) => r.isCurrent))
      throw new AppError(409, 'CURRENT_FISCAL_YEAR', 'staff.errors.currentFiscalYear');
  },
};

// ---------------------------------------------------------------- tax setups

export const taxSetupHooks: Hooks = {
  async beforeWrite(_ctx, tx, op) {
    const m = { ...op.existing, ...op.values } as Row & {
      businessTypeId: number;
      fiscalYearId: number;
      minCapital: number;
      maxCapital: number;
    };
    if (m.minCapital > m.maxCapital)
      throw AppError.validation({ maxCapital: ['validation.minMax'] });
    // Serialise band changes of one business type (concurrent saves cannot both pass the check).
    await tx
      .select({ id: businessTypes.id })
      .from(businessTypes)
      .where(eq(businessTypes.id, m.businessTypeId))
      .for('update');
    const others = await tx
      .select({ minCapital: taxSetups.minCapital, maxCapital: taxSetups.maxCapital })
      .from(taxSetups)
      .where(
        and(
          eq(taxSetups.businessTypeId, m.businessTypeId),
          eq(taxSetups.fiscalYearId, m.fiscalYearId),
          isNull(taxSetups.deletedOn),
          op.existing ? ne(taxSetups.id, op.existing.id) : undefined,
        ),
      );
    if (
      findBandProblem([...others, { minCapital: m.minCapital, maxCapital: m.maxCapital }]) !== null
    ) {
      const msg = ['errors.bandOverlap'];
      throw AppError.validation({ minCapital: msg, maxCapital: msg }, 'errors.bandOverlap');
    }
  },
};

// ---------------------------------------------------------------- users

async function revokeTokens(tx: Tx, userIds: number[], keepTokenId?: number) {
  if (!userIds.length) return;
  await tx
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(accessTokens.userId, userIds),
        isNull(accessTokens.revokedAt),
        keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined,
      ),
    );
}

/** Refuses when no other live, active system admin would remain. */
async function keepOneSystemAdmin(tx: Tx, leavingIds: number[]) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.userType, 'systemadmin'),
        eq(users.status, 1),
        isNull(users.deletedOn),
        leavingIds.length ? notInArray(users.id, leavingIds) : undefined,
      ),
    );
  if (n === 0) throw new AppError(409, 'LAST_ADMIN', 'errors.lastAdmin');
}

/** Built-in role links follow userType; other roles a user may hold are kept. */
async function linkRole(tx: Tx, userId: number, userType: string) {
  const builtIn = await tx
    .select({ id: roles.id, slug: roles.slug })
    .from(roles)
    .where(and(inArray(roles.slug, [...ROLES]), isNull(roles.deletedOn)));
  await tx.delete(userRoles).where(
    and(
      eq(userRoles.userId, userId),
      inArray(
        userRoles.roleId,
        builtIn.map((r) => r.id),
      ),
    ),
  );
  const role = builtIn.find((r) => r.slug === userType);
  if (!role) throw new Error(`role "${userType}" is not seeded`);
  await tx.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}

type SavedFile = {
  field: 'photo' | 'citizenship';
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
  sha256: string;
};

export const userHooks: Hooks = {
  async prepare(ctx, op) {
    const merged = { ...op.existing, ...op.values } as Row & {
      userType: string;
      wardId: number | null;
    };
    if (merged.userType !== 'wardadmin') {
      if (op.kind === 'dropdown' && 'wardId' in op.values && op.values.wardId != null) {
        throw AppError.validation({ value: ['validation.choice'] });
      }
      if (merged.wardId != null) op.values.wardId = null;
    } else if (merged.wardId == null) {
      throw AppError.validation({
        [op.kind === 'dropdown' ? 'value' : 'wardId']: ['validation.required'],
      });
    }
    if (typeof op.input.password === 'string' && op.input.password) {
      op.values.passwordHash = await hashPassword(op.input.password);
      op.extra.passwordChanged = true;
    }
    const saved: SavedFile[] = [];
    for (const field of ['photo', 'citizenship'] as const) {
      const f = op.input[field];
      if (!isUploadedFile(f)) continue;
      const checked = checkUpload(field, f);
      const storedName = await ctx.store.save(checked);
      op.onFailure.push(() => ctx.store.discard([storedName]));
      saved.push({
        field,
        storedName,
        originalName: checked.originalName,
        mime: checked.mime,
        size: checked.data.length,
        sha256: checked.sha256,
      });
    }
    op.extra.files = saved;
  },
  async beforeWrite(ctx, tx, op) {
    const e = op.existing;
    if (!e) return;
    const leaving =
      e.userType === 'systemadmin' &&
      e.status === 1 &&
      ((op.values.userType ?? 'systemadmin') !== 'systemadmin' || op.values.status === 0);
    if (leaving) await keepOneSystemAdmin(tx, [e.id]);
    if (e.id === ctx.user.id && op.values.status === 0)
      throw new AppError(409, 'SELF', 'errors.selfAccount');
  },
  async afterWrite(ctx, tx, row, op) {
    const saved = (op.extra.files as SavedFile[] | undefined) ?? [];
    if (saved.length) {
      const set: Record<string, number> = {};
      for (const s of saved) {
        const [f] = await tx
          .insert(files)
          .values({
            ownerUserId: row.id,
            originalName: s.originalName,
            storedName: s.storedName,
            mime: s.mime,
            sizeBytes: s.size,
            sha256: s.sha256,
          })
          .returning({ id: files.id });
        set[s.field === 'photo' ? 'photoFileId' : 'citizenshipFileId'] = f.id;
      }
      await tx.update(users).set(set).where(eq(users.id, row.id));
    }
    if (!op.existing || op.existing.userType !== row.userType)
      await linkRole(tx, row.id, String(row.userType));
    // A changed password or a deactivated account ends the user's other sessions.
    if (
      op.existing &&
      (op.extra.passwordChanged || (op.existing.status === 1 && row.status === 0))
    ) {
      await revokeTokens(tx, [row.id], ctx.user.tokenId);
    }
  },
  async beforeDelete(ctx, tx, rows) {
    if (rows.some((r) => r.id === ctx.user.id))
      throw new AppError(409, 'SELF', 'errors.selfAccount');
    const admins = rows
      .filter((r) => r.userType === 'systemadmin' && r.status === 1)
      .map((r) => r.id);
    if (admins.length) await keepOneSystemAdmin(tx, admins);
  },
  async afterDelete(_ctx, tx, ids) {
    await revokeTokens(tx, ids);
  },
  async beforeStatus(ctx, tx, row, next) {
    if (next === 0) {
      if (row.id === ctx.user.id) throw new AppError(409, 'SELF', 'errors.selfAccount');
      if (row.userType === 'systemadmin') await keepOneSystemAdmin(tx, [row.id]);
    }
  },
  async afterStatus(_ctx, tx, row, next) {
    if (next === 0) await revokeTokens(tx, [row.id]);
  },
};

// ---------------------------------------------------------------- roles

export const roleHooks: Hooks = {
  async beforeWrite(_ctx, tx, op) {
    const ids = op.input.permissionIds as number[] | undefined;
    if (op.kind === 'dropdown' || !ids?.length) return;
    const found = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(inArray(permissions.id, ids), isNull(permissions.deletedOn)));
    if (found.length !== ids.length)
      throw AppError.validation({ permissionIds: ['validation.choice'] });
  },
  async afterWrite(_ctx, tx, row, op) {
    if (op.kind === 'dropdown') return;
    const ids = (op.input.permissionIds as number[] | undefined) ?? [];
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, row.id));
    if (ids.length)
      await tx
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId: row.id, permissionId })));
  },
  async beforeStatus(_ctx, _tx, row, next) {
    // Deactivating the system admin role would lock every administrator out.
    if (next === 0 && row.slug === 'systemadmin')
      throw new AppError(409, 'BUILT_IN', 'errors.builtIn');
  },
  async decorate(db, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const links = await db
      .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(inArray(rolePermissions.roleId, ids), isNull(permissions.deletedOn)))
      .orderBy(rolePermissions.permissionId);
    for (const r of rows)
      r.permissionIds = links.filter((l) => l.roleId === r.id).map((l) => l.permissionId);
  },
};

/** Live users holding these roles. */
export const roleUsers: Reference = {
  label: 'usage.users',
  count: async (db, ids) => {
    const rows = await db
      .select({ id: userRoles.roleId, n: sql<number>`count(*)::int` })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(inArray(userRoles.roleId, ids), isNull(users.deletedOn)))
      .groupBy(userRoles.roleId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
};

/** Live roles granting these permissions. */
export const permissionRoles: Reference = {
  label: 'usage.roles',
  count: async (db, ids) => {
    const rows = await db
      .select({ id: rolePermissions.permissionId, n: sql<number>`count(*)::int` })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(and(inArray(rolePermissions.permissionId, ids), isNull(roles.deletedOn)))
      .groupBy(rolePermissions.permissionId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
};

/** Rows whose jsonb array `column` contains the ids (staff checklist ticks of documents). */
export function usedInJsonArray(label: string, table: PgTable, column: PgColumn): Reference {
  return {
    label,
    count: async (db, ids) => {
      const out = new Map<number, number>();
      for (const id of ids) {
        const [{ n }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(sql`${column} @> ${JSON.stringify([id])}::jsonb`);
        if (n) out.set(id, n);
      }
      return out;
    },
  };
}
