/**
 * Bad input and domain rules of the generic resources (issue 3 "Bad input", "Domain rules"):
 * 400 (never 500) for bad list queries and ids, 422 for duplicates and overlapping bands,
 * 409 for rows still in use, and the special rules of fiscal years, users and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { translate } from '../../../shared/i18n/index.js';
import { SETUP_RESOURCES } from '../../../shared/schemas/resources.js';
import { accessTokens, auditLog, roles, userRoles, users } from '../../db/schema.js';
import {
  buildTestApp,
  login,
  readFixture,
  multipart,
  auth,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  body,
  client,
  nextI,
  parents,
  SAMPLES,
  type Form,
  type Parents,
} from '../../../../test/server/resources.js';
import { APPLICATION_LIST } from '../registrations/index.js';
import { ResourceService } from './service.js';
import { RESOURCE_BY_NAME } from './registry.js';

let t: TestContext;
let admin: string;
let p: Parents;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  p = await parents(t.database);
  api = client(t.app);
});
afterAll(() => t.close());

const auditCount = async () => {
  const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return n;
};
const errors = (res: { json(): unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;
const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;

describe('bad list queries and ids are 400 with a message, never 500', () => {
  it.each(SETUP_RESOURCES.map((r) => [r]))('%s', async (r) => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ sortBy: 'passwordHash' }, 'passwordHash'],
      [{ filters: { secret: 1 } }, 'secret'],
      [{ filters: { status: 'maybe' } }, 'status'],
      [{ filters: { createdFrom: 'yesterday' } }, 'createdFrom'],
      [{ filters: { q: { $ne: 1 } } }, 'q'],
      [{ rowsPerPage: 101 }, null],
      [{ rowsPerPage: 0 }, null],
      [{ page: 0 }, null],
      [{ descending: 'sideways' }, null],
    ];
    for (const [q, key] of cases) {
      const res = await api.list(r, admin, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(message(res)).toBeTruthy();
      if (key) expect(message(res)).toContain(key);
    }
    for (const raw of ['%7Bnot json', '%5B1%2C2%5D', '%22text%22', 'null']) {
      const res = await api.get(`/api/${r}?filters=${raw}`, admin);
      expect(res.statusCode, raw).toBe(400);
      expect(message(res)).toBeTruthy();
    }
    const all = await api.get(`/api/${r}/all?filters=%7Bx`, admin);
    expect(all.statusCode).toBe(400);
    const allKey = await api.get(
      `/api/${r}/all?filters=${encodeURIComponent('{"nope":1}')}`,
      admin,
    );
    expect(allKey.statusCode).toBe(400);
    expect(message(allKey)).toContain('nope');
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e400']) {
      const res = await api.get(`/api/${r}/${id}`, admin);
      expect(res.statusCode, id).toBe(400);
      expect(message(res)).toBeTruthy();
    }
  });
});

describe('duplicates are 422 on the field, also when the pre-check is raced', () => {
  it('business types: name (any case) and slug', async () => {
    const res = await api.post('/api/business-types', admin, {
      nameEn: 'RETAIL shop',
      nameNe: 'खुद्रा पसल',
      slug: 'grocery',
    });
    expect(res.statusCode).toBe(422);
    expect(errors(res)).toEqual({
      nameEn: [translate('en-US', 'errors.taken')],
      nameNe: [translate('en-US', 'errors.taken')],
      slug: [translate('en-US', 'errors.taken')],
    });
  });

  it('the same name for every resource with unique fields', async () => {
    const dupes: [string, Record<string, unknown>, string][] = [
      ['states', { nameEn: 'bagmati province', nameNe: 'x' }, 'nameEn'],
      ['districts', { stateId: 3, nameEn: 'Lalitpur', nameNe: 'x' }, 'nameEn'],
      [
        'cities',
        {
          districtId: 29,
          nameEn: 'LALITPUR',
          nameNe: 'x',
          categoryEn: 'a',
          categoryNe: 'b',
          wardCount: 3,
        },
        'nameEn',
      ],
      ['checkboxes', { nameEn: 'Document is legible', nameNe: 'x' }, 'nameEn'],
      [
        'required-files',
        { nameEn: 'x1', nameNe: 'x2', slug: 'rent-agreement', requiredIn: 'both', isRequired: '0' },
        'slug',
      ],
      [
        'fiscal-years',
        { code: '2083/84', nameNe: 'x', startDate: '2200-01-01', endDate: '2200-12-31' },
        'code',
      ],
      ['wards', { ...SAMPLES.wards(0, p), number: 1 }, 'number'],
      ['roles', { slug: 'wardadmin', nameEn: 'x', nameNe: 'y' }, 'slug'],
      ['permissions', { slug: 'view-wards', nameEn: 'x', nameNe: 'y', groupName: 'g' }, 'slug'],
      ['users', { ...SAMPLES.users(nextI(), p), username: 'ADMIN' }, 'username'],
      ['users', { ...SAMPLES.users(nextI(), p), phone: '9800000002' }, 'phone'],
    ];
    for (const [r, form, field] of dupes) {
      const res = await api.post(`/api/${r}`, admin, form as Record<string, string>);
      expect(res.statusCode, `${r} ${res.body}`).toBe(422);
      expect(errors(res), r).toHaveProperty(field);
    }
  });

  it('a unique violation inside the transaction (23505) is a 422, not a 500', async () => {
    // Both pre-checks pass before either insert: one wins, the other hits the index.
    const form = { nameEn: 'Raced trade', nameNe: 'दौड व्यापार' };
    const codes = (
      await Promise.all([
        api.post('/api/business-types', admin, form),
        api.post('/api/business-types', admin, form),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 422]);
    // and directly: skip the pre-check by writing through the service with a stale slug
    const svc = new ResourceService({
      ...RESOURCE_BY_NAME.get('business-types')!,
      unique: [{ field: 'slug', columns: ['id'], index: 'business_types_slug_uq' }],
    });
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await expect(
      svc.create(
        {
          db: t.database.db,
          store: undefined as never,
          user: { ...me, roles: [], permissions: [], tokenId: 0 } as never,
          ip: '::1',
          lang: 'en-US',
        },
        { nameEn: 'Another', nameNe: 'अर्को', slug: 'grocery' },
      ),
    ).rejects.toMatchObject({ statusCode: 422, fieldErrors: { slug: ['errors.taken'] } });
  });

  it('a deleted name or slug can be used again', async () => {
    const a = await api.post('/api/business-types', admin, {
      nameEn: 'Reusable',
      nameNe: 'पुनः',
      slug: 'reusable',
    });
    const id = body<{ data: { id: number } }>(a).data.id;
    await api.post('/api/business-types/delete', admin, { 'delete_rows[]': [id] });
    const b = await api.post('/api/business-types', admin, {
      nameEn: 'Reusable',
      nameNe: 'पुनः',
      slug: 'reusable',
    });
    expect(b.statusCode, b.body).toBe(201);
  });

  it('generated slugs stay unique', async () => {
    const a = body<{ data: { slug: string } }>(
      await api.post('/api/business-types', admin, { nameEn: 'Momo  Shop!', nameNe: 'मम पसल' }),
    );
    const b = body<{ data: { slug: string } }>(
      await api.post('/api/business-types', admin, { nameEn: 'Momo shop', nameNe: 'मम पसल २' }),
    );
    expect(a.data.slug).toBe('momo-shop');
    expect(b.data.slug).toBe('momo-shop-2');
    const c = body<{ data: { slug: string } }>(
      await api.post('/api/required-files', admin, {
        nameEn: 'Tax clearance',
        nameNe: 'कर चुक्ता',
        requiredIn: 'update',
        isRequired: 'false',
      }),
    );
    expect(c.data.slug).toBe('tax-clearance');
  });
});

describe('delete', () => {
  it('ids that do not exist or are already deleted change nothing and are reported', async () => {
    const created = body<{ data: { id: number } }>(
      await api.post('/api/checkboxes', admin, SAMPLES.checkboxes(nextI(), p)),
    ).data.id;
    await api.post('/api/checkboxes/delete', admin, { 'delete_rows[]': [created] });
    const before = await auditCount();
    const res = await api.post('/api/checkboxes/delete', admin, {
      'delete_rows[]': [created, 987654],
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ data: { deleted: [], notDeleted: [created, 987654] } });
    expect(await auditCount()).toBe(before);
  });

  it('bad delete_rows are 422', async () => {
    for (const rows of [[], ['abc'], ['0']]) {
      const res = await api.post(
        '/api/checkboxes/delete',
        admin,
        rows.length ? { 'delete_rows[]': rows } : {},
      );
      expect(res.statusCode, JSON.stringify(rows)).toBe(422);
      expect(Object.keys(errors(res))[0]).toMatch(/^delete_rows/);
    }
  });

  it('rows still used by others: 409 saying what uses them, nothing deleted', async () => {
    const n = async (q: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const cases: [string, number, [string, ReturnType<typeof sql>][]][] = [
      [
        'business-types',
        p.businessTypeId,
        [
          [
            'usage.taxSetups',
            sql`select count(*)::int as n from tax_setups where business_type_id = ${p.businessTypeId} and deleted_on is null`,
          ],
        ],
      ],
      [
        'states',
        p.stateId,
        [
          [
            'usage.districts',
            sql`select count(*)::int as n from districts where state_id = ${p.stateId} and deleted_on is null`,
          ],
        ],
      ],
      [
        'districts',
        p.districtId,
        [
          [
            'usage.cities',
            sql`select count(*)::int as n from cities where district_id = ${p.districtId} and deleted_on is null`,
          ],
        ],
      ],
      [
        'cities',
        331,
        [
          [
            'usage.wards',
            sql`select count(*)::int as n from wards where city_id = 331 and deleted_on is null`,
          ],
        ],
      ],
      [
        'wards',
        p.ward1Id,
        [
          [
            'usage.users',
            sql`select count(*)::int as n from users where ward_id = ${p.ward1Id} and deleted_on is null`,
          ],
        ],
      ],
    ];
    for (const [r, id, uses] of cases) {
      const res = await api.post(`/api/${r}/delete`, admin, { 'delete_rows[]': [id] });
      expect(res.statusCode, `${r} ${res.body}`).toBe(409);
      const parts: string[] = [];
      for (const [label, q] of uses) parts.push(translate('en-US', label, { count: await n(q) }));
      expect(message(res)).toBe(translate('en-US', 'errors.inUse', { uses: parts.join(', ') }));
      expect((await api.get(`/api/${r}/${id}`, admin)).statusCode).toBe(200);
    }
    // the current fiscal year is refused too
    expect(
      (await api.post('/api/fiscal-years/delete', admin, { 'delete_rows[]': [p.currentYearId] }))
        .statusCode,
    ).toBe(409);
    // a mixed request deletes nothing either
    const free = body<{ data: { id: number } }>(
      await api.post('/api/business-types', admin, SAMPLES['business-types'](nextI(), p)),
    ).data.id;
    const mixed = await api.post('/api/business-types/delete', admin, {
      'delete_rows[]': [free, p.businessTypeId],
    });
    expect(mixed.statusCode).toBe(409);
    expect((await api.get(`/api/business-types/${free}`, admin)).statusCode).toBe(200);
  });

  it('the 409 message counts the users (ward) in the request language', async () => {
    const res = await api.post(
      '/api/wards/delete',
      admin,
      { 'delete_rows[]': [p.ward1Id] },
      { 'accept-language': 'ne' },
    );
    expect(res.statusCode).toBe(409);
    const uses = translate('ne', 'usage.users', { count: '१' });
    expect(message(res)).toBe(translate('ne', 'errors.inUse', { uses }));
  });

  it('built-in roles and permissions cannot be deleted, nor their slugs changed', async () => {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.slug, 'user'));
    expect(
      (await api.post('/api/roles/delete', admin, { 'delete_rows[]': [role.id] })).statusCode,
    ).toBe(409);
    const rename = await api.post(`/api/roles/${role.id}`, admin, {
      slug: 'applicant',
      nameEn: 'Applicant',
      nameNe: 'आवेदक',
    });
    expect(rename.statusCode).toBe(422);
    expect(errors(rename)).toHaveProperty('slug');
    const sys = await t.database.db.select().from(roles).where(eq(roles.slug, 'systemadmin'));
    expect((await api.put(`/api/roles/${sys[0].id}/change-status`, admin)).statusCode).toBe(409);
  });
});

describe('tax setup capital bands', () => {
  const band = (min: number, max: number, over: Record<string, unknown> = {}) => ({
    businessTypeId: p.businessTypeId,
    fiscalYearId: p.otherYearId,
    minCapital: min,
    maxCapital: max,
    taxAmount: 100,
    renewAmount: 50,
    renewFine: 10,
    renewDiscount: 5,
    ...over,
  });

  it('overlapping bands of the same type and year are 422 on minCapital and maxCapital', async () => {
    expect((await api.post('/api/tax-setups', admin, band(0, 100_000))).statusCode).toBe(201);
    const second = await api.post('/api/tax-setups', admin, band(100_000.01, 500_000));
    expect(second.statusCode, second.body).toBe(201);
    for (const [min, max] of [
      [50_000, 60_000],
      [100_000, 200_000],
      [0, 1_000_000],
    ]) {
      const res = await api.post('/api/tax-setups', admin, band(min, max));
      expect(res.statusCode, `${min}-${max}`).toBe(422);
      expect(errors(res)).toEqual({
        minCapital: [translate('en-US', 'errors.bandOverlap')],
        maxCapital: [translate('en-US', 'errors.bandOverlap')],
      });
    }
    // another business type or year is independent
    expect(
      (await api.post('/api/tax-setups', admin, band(0, 100_000, { businessTypeId: 2 })))
        .statusCode,
    ).toBe(201);
    // editing a band may keep its own range; moving it onto another one is refused
    const id = body<{ data: { id: number } }>(second).data.id;
    expect(
      (await api.post(`/api/tax-setups/${id}`, admin, band(100_000.01, 600_000))).statusCode,
    ).toBe(200);
    expect((await api.post(`/api/tax-setups/${id}`, admin, band(90_000, 600_000))).statusCode).toBe(
      422,
    );
    // moving it into the current year (full of seeded bands) through update-dropdown too
    const moved = await api.post(`/api/tax-setups/${id}/update-dropdown`, admin, {
      field: 'fiscalYearId',
      value: p.currentYearId,
    });
    expect(moved.statusCode).toBe(422);
  });

  it('min above max is 422; amounts are answered in paisa', async () => {
    const res = await api.post(
      '/api/tax-setups',
      admin,
      band(5000, 4000, { fiscalYearId: p.bandFreeYearId }),
    );
    expect(res.statusCode).toBe(422);
    expect(errors(res)).toHaveProperty('maxCapital');
    const ok = await api.post(
      '/api/tax-setups',
      admin,
      band(1_000_000, 1_500_000.5, { fiscalYearId: p.bandFreeYearId }),
    );
    expect(body(ok)).toMatchObject({
      data: { minCapital: 100_000_000, maxCapital: 150_000_050, taxAmount: 10_000 },
    });
  });

  it('unknown parents are 422 validation.choice', async () => {
    const res = await api.post('/api/tax-setups', admin, band(1, 2, { businessTypeId: 99999 }));
    expect(res.statusCode).toBe(422);
    expect(errors(res)).toEqual({ businessTypeId: [translate('en-US', 'validation.choice')] });
  });
});

// Which year is current, and the status switch of the current year: fiscal-years.test.ts.
describe('fiscal years', () => {
  it('codes are checked, dates must be ordered and not overlap another year', async () => {
    for (const code of ['2084-85', '2084/86', '84/85', 'abcd/ef']) {
      const res = await api.post('/api/fiscal-years', admin, {
        ...SAMPLES['fiscal-years'](nextI(), p),
        code,
      });
      expect(res.statusCode, code).toBe(422);
      expect(errors(res)).toHaveProperty('code');
    }
    const order = await api.post('/api/fiscal-years', admin, {
      ...SAMPLES['fiscal-years'](nextI(), p),
      startDate: '2300-07-17',
      endDate: '2300-01-01',
    });
    expect(errors(order)).toHaveProperty('endDate');
    const overlap = await api.post('/api/fiscal-years', admin, {
      ...SAMPLES['fiscal-years'](nextI(), p),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(overlap.statusCode).toBe(422);
    expect(errors(overlap)).toHaveProperty('startDate');
    // Devanagari digits in the code are accepted; with-slug finds it
    const i = nextI();
    const ne = await api.post('/api/fiscal-years', admin, {
      ...SAMPLES['fiscal-years'](i, p),
      code: String(SAMPLES['fiscal-years'](i, p).nameNe),
    });
    expect(ne.statusCode, ne.body).toBe(201);
    const slug = body<{ data: { slug: string } }>(ne).data.slug;
    expect((await api.get(`/api/fiscal-years/with-slug/${slug}`, admin)).statusCode).toBe(200);
  });
});

describe('users', () => {
  it('a ward admin needs a ward; userType drives the role link; the password hash never leaves', async () => {
    const form: Form = { ...SAMPLES.users(nextI(), p), userType: 'wardadmin' };
    const noWard = await api.post('/api/users', admin, form);
    expect(noWard.statusCode).toBe(422);
    expect(errors(noWard)).toHaveProperty('wardId');
    const res = await api.post('/api/users', admin, { ...form, wardId: p.ward2Id });
    expect(res.statusCode, res.body).toBe(201);
    const u = body<{ data: Record<string, unknown> }>(res).data;
    expect(u).toMatchObject({ userType: 'wardadmin', wardId: p.ward2Id, wardNumber: 2 });
    expect(JSON.stringify(u)).not.toMatch(/password/i);

    const token = await login(t.app, String(form.username), 'Secret123');
    let profile = body<{ data: { roles: string[]; permissions: string[] } }>(
      await api.get('/api/profiles', token),
    ).data;
    expect(profile.roles).toEqual(['wardadmin']);

    // → applicant: the ward is dropped, the role follows
    const upd = await api.post(`/api/users/${u.id}`, admin, {
      ...form,
      userType: 'user',
      wardId: p.ward2Id,
      password: '',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(body(upd)).toMatchObject({ data: { userType: 'user', wardId: null } });
    profile = body<{ data: { roles: string[]; permissions: string[] } }>(
      await api.get('/api/profiles', token),
    ).data;
    expect(profile.roles).toEqual(['user']);
    // the empty password kept the old one
    await login(t.app, String(form.username), 'Secret123');

    // update-dropdown: to wardadmin needs a ward first
    const dd = await api.post(`/api/users/${u.id}/update-dropdown`, admin, {
      field: 'userType',
      value: 'wardadmin',
    });
    expect(dd.statusCode).toBe(422);
    expect(errors(dd)).toHaveProperty('value');
    const links = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, u.id as number));
    expect(links).toHaveLength(1);
  });

  it('a new password ends the other sessions; deactivating ends all', async () => {
    const form = SAMPLES.users(nextI(), p);
    const id = body<{ data: { id: number } }>(await api.post('/api/users', admin, form)).data.id;
    const token = await login(t.app, String(form.username), 'Secret123');
    expect((await api.get('/api/profiles', token)).statusCode).toBe(200);
    expect(
      (await api.post(`/api/users/${id}`, admin, { ...form, password: 'NewSecret456' })).statusCode,
    ).toBe(200);
    expect((await api.get('/api/profiles', token)).statusCode).toBe(401);
    const token2 = await login(t.app, String(form.username), 'NewSecret456');
    expect((await api.put(`/api/users/${id}/change-status`, admin)).statusCode).toBe(200);
    expect((await api.get('/api/profiles', token2)).statusCode).toBe(401);
    const open = await t.database.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, id), isNull(accessTokens.revokedAt)));
    expect(open).toHaveLength(0);
  });

  it('no lock-out: not your own account, not the last system admin', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect((await api.put(`/api/users/${me.id}/change-status`, admin)).statusCode).toBe(409);
    expect(
      (await api.post('/api/users/delete', admin, { 'delete_rows[]': [me.id] })).statusCode,
    ).toBe(409);
    // a second admin may not demote the only other one either... once they are the last
    const form: Form = { ...SAMPLES.users(nextI(), p), userType: 'systemadmin' };
    const other = body<{ data: { id: number } }>(await api.post('/api/users', admin, form)).data.id;
    const otherToken = await login(t.app, String(form.username), 'Secret123');
    expect(
      (
        await api.post(`/api/users/${me.id}/update-dropdown`, otherToken, {
          field: 'userType',
          value: 'user',
        })
      ).statusCode,
    ).toBe(200);
    const demoteLast = await api.post(`/api/users/${other}/update-dropdown`, otherToken, {
      field: 'userType',
      value: 'user',
    });
    expect(demoteLast.statusCode).toBe(409);
    // restore
    expect(
      (
        await api.post(`/api/users/${me.id}/update-dropdown`, otherToken, {
          field: 'userType',
          value: 'systemadmin',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('photo and citizenship are uploaded like applications and readable by staff', async () => {
    const m = multipart(SAMPLES.users(nextI(), p), {
      photo: { filename: 'p.jpg', data: await readFixture('photo.jpg'), type: 'image/jpeg' },
      citizenship: {
        filename: 'c.png',
        data: await readFixture('citizenship.png'),
        type: 'image/png',
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: m.payload,
      headers: { ...m.headers, ...auth(admin) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const u = body<{ data: { photoFileId: number; citizenshipFileId: number } }>(res).data;
    expect(u.photoFileId).toBeTruthy();
    expect(u.citizenshipFileId).toBeTruthy();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${u.photoFileId}`,
      headers: auth(admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const ward1 = await login(t.app, 'ward1');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${u.photoFileId}`,
          headers: auth(ward1),
        })
      ).statusCode,
    ).toBe(404);
    // a non-image is refused on its field
    const bad = multipart(SAMPLES.users(nextI(), p), {
      photo: { filename: 'x.jpg', data: Buffer.from('not an image') },
    });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: bad.payload,
      headers: { ...bad.headers, ...auth(admin) },
    });
    expect(r2.statusCode).toBe(422);
    expect(errors(r2)).toHaveProperty('photo');
  });
});

describe('roles', () => {
  it('permissionIds[] are saved, answered by GET {id}, replaced on update and checked', async () => {
    const res = await api.post('/api/roles', admin, {
      slug: 'auditor',
      nameEn: 'Auditor',
      nameNe: 'लेखा परीक्षक',
      'permissionIds[]': p.permissionIds,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<{ data: { id: number; permissionIds: number[] } }>(res).data.id;
    const got = body<{ data: { permissionIds: number[] } }>(
      await api.get(`/api/roles/${id}`, admin),
    ).data;
    expect(got.permissionIds).toEqual([...p.permissionIds].sort((a, b) => a - b));
    const upd = await api.post(`/api/roles/${id}`, admin, {
      slug: 'auditor',
      nameEn: 'Auditor',
      nameNe: 'लेखा परीक्षक',
      'permissionIds[]': [p.permissionIds[0]],
    });
    expect(body(upd)).toMatchObject({ data: { permissionIds: [p.permissionIds[0]] } });
    const none = await api.post(`/api/roles/${id}`, admin, {
      slug: 'auditor',
      nameEn: 'Auditor',
      nameNe: 'लेखा परीक्षक',
    });
    expect(body(none)).toMatchObject({ data: { permissionIds: [] } });
    const bad = await api.post(`/api/roles/${id}`, admin, {
      slug: 'auditor',
      nameEn: 'Auditor',
      nameNe: 'x',
      'permissionIds[]': [999999],
    });
    expect(bad.statusCode).toBe(422);
    expect(errors(bad)).toHaveProperty('permissionIds');
    // the bySlug route
    expect((await api.get('/api/roles/with-slug/auditor', admin)).statusCode).toBe(200);
  });
});

describe('every write is audited in its transaction', () => {
  it('a failed write leaves no audit row', async () => {
    const before = await auditCount();
    await api.post('/api/business-types', admin, { nameEn: 'Retail shop', nameNe: 'x' });
    await api.post('/api/tax-setups', admin, {
      businessTypeId: p.businessTypeId,
      fiscalYearId: p.currentYearId,
      minCapital: 1,
      maxCapital: 2,
      taxAmount: 1,
      renewAmount: 1,
      renewFine: 1,
      renewDiscount: 1,
    });
    expect(await auditCount()).toBe(before);
  });
});

describe('the applications list uses the same list machinery', () => {
  const sample: Record<string, unknown> = {
    status: 'pending',
    q: 'tea',
    wardId: 1,
    businessTypeId: 1,
    fiscalYearId: 1,
    isRenewal: false,
  };
  it('every declared sort column and filter; bad keys and values are 400', async () => {
    for (const sortBy of Object.keys(APPLICATION_LIST.sortable)) {
      const res = await api.list('applications', admin, { sortBy, descending: false });
      expect(res.statusCode, sortBy).toBe(200);
    }
    for (const key of Object.keys(APPLICATION_LIST.filters)) {
      const value =
        key in sample ? sample[key] : key.endsWith('From') ? '2020-01-01' : '2099-12-31';
      const res = await api.list('applications', admin, { filters: { [key]: value } });
      expect(res.statusCode, `${key} ${res.body}`).toBe(200);
    }
    expect((await api.list('applications', admin, { rowsPerPage: 101 })).statusCode).toBe(400);
    const badStatus = await api.list('applications', admin, { filters: { status: 'lost' } });
    expect(badStatus.statusCode).toBe(400);
    expect(message(badStatus)).toContain('status');
  });
});
