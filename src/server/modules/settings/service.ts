/**
 * The palika's settings (issue 17 §6): read, changed by a system administrator (audited with
 * before and after), and the emblem image.
 *
 * Storage: the `settings` key/value table. `palika` = {cityId, nameEn, nameNe, addressEn,
 * addressNe, phone, email, emblem: {fileId, storedName, mime, version}}; `fees` = {adminCost
 * (paisa), rentTaxRatePercent} (the fee engine's FeeSettings, read by billing/assessment.ts and
 * registrations/detail.ts); `renewal` = {windowDays, reminderDaysBefore, reminderDaysAfter}. Values are read fresh on every use (one
 * statement over three primary-key rows): nothing is cached in the process, so several instances
 * on one database agree at once after a change.
 *
 * The emblem is a PNG or JPEG of at most 1 MiB, recognised from its bytes, stored with the file
 * store and a `files` row (so the orphan sweep keeps it); earlier emblems stay stored, as the
 * audit log names them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_FEE_SETTINGS } from '../../../shared/fees.js';
import {
  DEFAULT_REMINDER_DAYS_AFTER,
  DEFAULT_REMINDER_DAYS_BEFORE,
  DEFAULT_RENEWAL_WINDOW_DAYS,
  EMBLEM_TYPES,
  emblemUrl,
  MAX_EMBLEM_BYTES,
  SETTINGS_MSG,
  type PublicSettings,
  type SettingsValues,
  type SettingsView,
} from '../../../shared/schemas/settings.js';
import type { Db, Tx } from '../../db/client.js';
import { cities, files, settings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { checkUpload, type FileStore, type UploadedFile } from '../../lib/storage.js';
import { DEFAULT_EMBLEM_DATA_URI, DEFAULT_EMBLEM_SVG } from './default-emblem.js';

/** Who changes the settings, for the audit log. */
export interface SettingsActor {
  userId: number;
  ip: string | null;
}

/** The stored emblem (in `palika`.emblem). */
interface StoredEmblem {
  fileId: number;
  storedName: string;
  mime: string;
  /** the first 16 hex digits of the image's SHA-256: its URL's version */
  version: string;
}

/** The `palika` setting as stored (every field optional: older rows hold only cityId). */
interface PalikaValue {
  cityId?: number;
  nameEn?: string;
  nameNe?: string;
  addressEn?: string;
  addressNe?: string;
  phone?: string;
  email?: string;
  emblem?: StoredEmblem | null;
}

const KEYS = ['palika', 'fees', 'renewal'] as const;

/** The `renewal` setting as stored (each field optional: older rows hold windowDays only). */
interface RenewalValue {
  windowDays?: number;
  reminderDaysBefore?: number[];
  reminderDaysAfter?: number[];
}

/** A stored list of whole days, or the default when missing or malformed. */
function daysList(v: unknown, fallback: number[]): number[] {
  return Array.isArray(v) && v.every((d) => Number.isInteger(d) && d >= 0) ? v : fallback;
}

/** The renewal reminders' days before and after the expiry, over the defaults. */
function reminderDaysOf(renewal: RenewalValue) {
  return {
    reminderDaysBefore: daysList(renewal.reminderDaysBefore, DEFAULT_REMINDER_DAYS_BEFORE),
    reminderDaysAfter: daysList(renewal.reminderDaysAfter, DEFAULT_REMINDER_DAYS_AFTER),
  };
}

/** An emblem image to send: its type and bytes. */
export interface EmblemImage {
  mime: string;
  data: Buffer;
  version: string;
}

/** The settings as stored over the defaults, with the stored emblem. */
interface Resolved {
  view: SettingsView;
  emblem: StoredEmblem | null;
}

/**
 * The three settings rows in one statement, the `palika` row joined to its local level (the
 * default names).
 */
async function readRows(db: Db | Tx, forUpdate = false) {
  const q = db
    .select({
      key: settings.key,
      value: settings.value,
      cityEn: sql<string | null>`${cities.nameEn} || ' ' || ${cities.categoryEn}`,
      cityNe: sql<string | null>`${cities.nameNe} || ' ' || ${cities.categoryNe}`,
    })
    .from(settings)
    .leftJoin(
      cities,
      and(eq(settings.key, 'palika'), eq(cities.id, sql`(${settings.value}->>'cityId')::int`)),
    )
    .where(inArray(settings.key, [...KEYS]));
  return forUpdate ? q.for('update', { of: settings }) : q;
}

/** The rows as the settings view, defaults filled in. */
function resolve(rows: Awaited<ReturnType<typeof readRows>>): Resolved {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const p = (byKey.get('palika')?.value ?? {}) as PalikaValue;
  const fees = { ...DEFAULT_FEE_SETTINGS, ...((byKey.get('fees')?.value as object) ?? {}) };
  const renewal = (byKey.get('renewal')?.value ?? {}) as RenewalValue;
  const defaults = {
    nameEn: byKey.get('palika')?.cityEn ?? '',
    nameNe: byKey.get('palika')?.cityNe ?? '',
  };
  const emblem = p.emblem ?? null;
  return {
    emblem,
    view: {
      nameEn: p.nameEn || defaults.nameEn,
      nameNe: p.nameNe || defaults.nameNe,
      addressEn: p.addressEn ?? '',
      addressNe: p.addressNe ?? '',
      phone: p.phone ?? '',
      email: p.email ?? '',
      emblemUrl: emblemUrl(emblem?.version),
      adminCost: fees.adminCost,
      rentTaxRatePercent: fees.rentTaxRatePercent,
      renewalWindowDays: renewal.windowDays ?? DEFAULT_RENEWAL_WINDOW_DAYS,
      ...reminderDaysOf(renewal),
      customEmblem: !!emblem,
      defaults,
    },
  };
}

/** The audited fields of a view (what the form changes), without URLs and defaults. */
function audited(v: SettingsView) {
  const { emblemUrl: _u, defaults: _d, customEmblem: _c, ...rest } = v;
  return rest;
}

/** The fields that changed between two views: {field: {before, after}}. */
function changes(before: object, after: object) {
  const a = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(before)
      .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(a[k]))
      .map(([k, v]) => [k, { before: v, after: a[k] }]),
  );
}

/** Writes `value` over the stored jsonb of `key` (merged: keys not given are kept). */
async function merge(tx: Tx, key: string, value: object) {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || excluded.value`, updatedAt: new Date() },
    });
}

/** The palika's settings: read, change, emblem. */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  /** Every setting over the defaults (the settings screen). */
  async view(): Promise<SettingsView> {
    return resolve(await readRows(this.db)).view;
  }

  /** The public identity: names, emblem URL, office address and contact (the login page). */
  async publicView(): Promise<PublicSettings> {
    const {
      nameEn,
      nameNe,
      addressEn,
      addressNe,
      phone,
      email,
      emblemUrl: url,
    } = await this.view();
    return { nameEn, nameNe, addressEn, addressNe, phone, email, emblemUrl: url };
  }

  /**
   * Stores every setting of the form at once (in one transaction, with the audit entry that
   * holds the changed fields' before and after). A change of nothing is not audited.
   */
  async update(values: SettingsValues, by: SettingsActor): Promise<SettingsView> {
    await this.db.transaction(async (tx) => {
      const before = resolve(await readRows(tx, true)).view;
      const { adminCost, rentTaxRatePercent, renewalWindowDays, ...rest } = values;
      const { reminderDaysBefore, reminderDaysAfter, ...palika } = rest;
      await merge(tx, 'palika', palika);
      await merge(tx, 'fees', { adminCost, rentTaxRatePercent });
      await merge(tx, 'renewal', {
        windowDays: renewalWindowDays,
        ...(reminderDaysBefore ? { reminderDaysBefore } : {}),
        ...(reminderDaysAfter ? { reminderDaysAfter } : {}),
      });
      const after = resolve(await readRows(tx)).view;
      const changed = changes(audited(before), audited(after));
      if (Object.keys(changed).length === 0) return;
      await audit(tx, {
        userId: by.userId,
        action: 'settings.update',
        entity: 'settings',
        data: { changed, before: audited(before), after: audited(after) },
        ip: by.ip,
      });
    });
    return this.view();
  }

  /**
   * Replaces the emblem with an uploaded PNG or JPEG (audited).
   * @throws AppError 413 over MAX_EMBLEM_BYTES; 422 on `emblem` for any other type or none.
   */
  async setEmblem(upload: unknown, by: SettingsActor): Promise<SettingsView> {
    const file = checkEmblem(upload);
    const storedName = await this.store.save(file);
    try {
      await this.db.transaction(async (tx) => {
        const before = resolve(await readRows(tx, true)).emblem;
        const [row] = await tx
          .insert(files)
          .values({
            ownerUserId: by.userId,
            originalName: file.originalName,
            storedName,
            mime: file.mime,
            sizeBytes: file.data.length,
            sha256: file.sha256,
          })
          .returning({ id: files.id });
        const emblem: StoredEmblem = {
          fileId: row.id,
          storedName,
          mime: file.mime,
          version: file.sha256.slice(0, 16),
        };
        await merge(tx, 'palika', { emblem });
        await audit(tx, {
          userId: by.userId,
          action: 'settings.emblem',
          entity: 'settings',
          data: { before: before?.fileId ?? null, after: row.id, name: file.originalName },
          ip: by.ip,
        });
      });
    } catch (e) {
      await this.store.discard([storedName]);
      throw e;
    }
    return this.view();
  }

  /** Goes back to the default emblem (audited). 404 when no emblem was uploaded. */
  async removeEmblem(by: SettingsActor): Promise<SettingsView> {
    await this.db.transaction(async (tx) => {
      const before = resolve(await readRows(tx, true)).emblem;
      if (!before) throw AppError.notFound();
      await merge(tx, 'palika', { emblem: null });
      await audit(tx, {
        userId: by.userId,
        action: 'settings.emblem',
        entity: 'settings',
        data: { before: before.fileId, after: null },
        ip: by.ip,
      });
    });
    return this.view();
  }

  /** The emblem in use: the uploaded image, or the default SVG. */
  async emblem(): Promise<EmblemImage> {
    const { emblem } = resolve(await readRows(this.db));
    if (!emblem) {
      return { mime: 'image/svg+xml', data: Buffer.from(DEFAULT_EMBLEM_SVG), version: 'default' };
    }
    const data = await this.store.read(emblem.storedName);
    return { mime: emblem.mime, data, version: emblem.version };
  }

  /** The emblem in use as a data URI, for documents printed without network access. */
  async emblemDataUri(): Promise<string> {
    const { emblem } = resolve(await readRows(this.db));
    if (!emblem) return DEFAULT_EMBLEM_DATA_URI;
    const data = await this.store.read(emblem.storedName);
    return `data:${emblem.mime};base64,${data.toString('base64')}`;
  }
}

/**
 * An uploaded emblem checked: at most MAX_EMBLEM_BYTES (else 413) and a PNG or JPEG by its
 * bytes (else 422 on `emblem`).
 */
function checkEmblem(upload: unknown) {
  const f = upload as UploadedFile | null | undefined;
  if (!f || !Buffer.isBuffer(f.data) || f.data.length === 0) {
    throw AppError.validation({ emblem: ['validation.required'] });
  }
  if (f.data.length > MAX_EMBLEM_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', SETTINGS_MSG.emblemTooLarge);
  }
  const type = SETTINGS_MSG.emblemType;
  let file;
  try {
    file = checkUpload('emblem', f);
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 422) {
      throw AppError.validation({ emblem: [type] }, type);
    }
    throw e;
  }
  if (!(EMBLEM_TYPES as readonly string[]).includes(file.mime)) {
    throw AppError.validation({ emblem: [type] }, type);
  }
  return file;
}

/**
 * Days before expiry from which a registration may be renewed (setting `renewal`.windowDays,
 * else DEFAULT_RENEWAL_WINDOW_DAYS). One primary-key row, read fresh.
 */
export async function renewalWindowDays(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'renewal'));
  const days = (row?.value as { windowDays?: unknown } | undefined)?.windowDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0
    ? days
    : DEFAULT_RENEWAL_WINDOW_DAYS;
}

/**
 * The renewal reminders' days before and after the expiry (setting `renewal`, issue 19 §5;
 * DEFAULT_REMINDER_DAYS_BEFORE/AFTER when not set). One primary-key row, read fresh.
 */
export async function reminderDays(
  db: Db | Tx,
): Promise<{ reminderDaysBefore: number[]; reminderDaysAfter: number[] }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'renewal'));
  return reminderDaysOf((row?.value ?? {}) as RenewalValue);
}
