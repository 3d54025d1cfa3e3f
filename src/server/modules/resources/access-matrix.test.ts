/**
 * Authorization matrix (issue 3 acceptance): every API route of the running app × {anonymous,
 * revoked token, applicant, user with no permissions, ward admin of ward 1, ward admin of
 * ward 2, system admin}, checked against ACCESS_MATRIX (the data in access-matrix.ts).
 *
 * Each cell sends a VALID request (so a missing guard would answer 2xx): refused actors must
 * get 401 (no valid token) or 403 (no permission) — never a 2xx — and allowed actors must not
 * be refused (their answer may still be 404 for scoping, 409 for an illegal transition...).
 * The test fails when a route of the app is missing from the matrix or vice versa.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, userRoles } from '../../db/schema.js';
import {
  auth,
  buildTestApp,
  login,
  multipart,
  readFixture,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  submit,
  uploadProfileDocuments,
  validFields,
  validFiles,
} from '../../../../test/server/fixtures.js';
import {
  body,
  client,
  DROPDOWN_SAMPLES,
  nextI,
  parents,
  SAMPLES,
  seedOtps,
  type Form,
  type Parents,
  type Writable,
} from '../../../../test/server/resources.js';
import {
  ABSENT_ROUTES,
  ACCESS_MATRIX,
  ACTORS,
  type Actor,
} from '../../../../test/server/access-matrix.js';
import { BS_MAX_YEAR, bsCalendarYear } from '../../../shared/bs-date.js';
import { RESOURCE_BY_NAME } from './registry.js';

// ~1,000 requests from one address: lift the global per-IP limit for this file only.
process.env.RATE_LIMIT_MAX = '100000';

/** "METHOD /path" of every API route, from the app's own route tree (HEAD mirrors GET). */
export function apiRoutes(app: FastifyInstance): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack[depth] = m[2];
    const path = stack.join('');
    if (!path.startsWith('/api/') || !m[3]) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.add(`${method} ${path}`);
  }
  return [...out].sort();
}

let t: TestContext;
let p: Parents;
const tokens: Partial<Record<Actor, string>> = {};
/** per resource: a row for reads/updates and one to delete; its slug */
const target: Record<string, { id: number; del: number; slug?: string; form: Form }> = {};
let appId: number;
let fileId: number;
let documentId: number;
let admin: string;

/**
 * A scan for each required file the sample rows of this test add (required on both), so an
 * allowed create or update is refused by nothing but its permission check.
 */
async function sampleDocuments(mode: 'create' | 'update') {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/required-files/all',
    headers: auth(admin),
  });
  const rows = body<{ data: { slug: string; requiredIn: string }[] }>(res).data;
  const data = await readFixture('citizenship.png');
  return Object.fromEntries(
    rows
      .filter((r) => r.requiredIn === mode || r.requiredIn === 'both')
      .map((r) => [`doc_${r.slug}`, { filename: `${r.slug}.png`, data, type: 'image/png' }]),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  p = await parents(t.database);
  const api = client(t.app);
  admin = await login(t.app, 'admin');
  tokens.admin = admin;
  tokens.ward1 = await login(t.app, 'ward1');
  tokens.applicant = await login(t.app, 'applicant');

  // ward admin of ward 2
  const w2: Form = { ...SAMPLES.users(nextI(), p), userType: 'wardadmin', wardId: p.ward2Id };
  expect((await api.post('/api/users', admin, w2)).statusCode).toBe(201);
  tokens.ward2 = await login(t.app, String(w2.username), 'Secret123');

  // a user whose only role has no permissions
  const role = await api.post('/api/roles', admin, {
    slug: 'no-permissions',
    nameEn: 'No permissions',
    nameNe: 'अनुमति छैन',
  });
  const roleId = body<{ data: { id: number } }>(role).data.id;
  const np = SAMPLES.users(nextI(), p);
  const npId = body<{ data: { id: number } }>(await api.post('/api/users', admin, np)).data.id;
  await t.database.db.delete(userRoles).where(eq(userRoles.userId, npId));
  await t.database.db.insert(userRoles).values({ userId: npId, roleId });
  tokens.noperm = await login(t.app, String(np.username), 'Secret123');

  // a revoked token
  const rv = SAMPLES.users(nextI(), p);
  await api.post('/api/users', admin, rv);
  tokens.revoked = await login(t.app, String(rv.username), 'Secret123');
  expect((await api.post('/api/logout', tokens.revoked)).statusCode).toBe(200);

  // rows to act on
  await seedOtps(t.database, 2);
  for (const def of RESOURCE_BY_NAME.values()) {
    if (def.readOnly) {
      const rows = body<{ data: { id: number }[] }>(
        await api.get(`/api/${def.name}/all`, admin),
      ).data;
      target[def.name] = { id: rows[0].id, del: rows[0].id, form: {} };
      continue;
    }
    let wardNo = 30;
    const make = async () => {
      const form = SAMPLES[def.name as Writable](nextI(), p);
      // wards 30 and 31 are the targets; the create cell uses 32
      if (def.name === 'wards') form.number = wardNo++;
      const res = await api.post(`/api/${def.name}`, admin, form);
      expect(res.statusCode, `${def.name} ${res.body}`).toBe(201);
      return { row: body<{ data: { id: number; slug?: string } }>(res).data, form };
    };
    const a = await make();
    const d = await make();
    target[def.name] = { id: a.row.id, del: d.row.id, slug: a.row.slug, form: a.form };
  }
  const [sys] = await t.database.db.select().from(roles).where(eq(roles.slug, 'systemadmin'));
  expect(sys).toBeTruthy();

  // applying needs the photo and citizenship on the profile (SPEC §5)
  await uploadProfileDocuments(t.app, tokens.applicant);
  await uploadProfileDocuments(t.app, admin);
  // an application in ward 1 and one of its files
  appId = await submit(t.app, tokens.applicant, 1, {}, await sampleDocuments('create'));
  const detail = await api.get(`/api/applications/${appId}`, tokens.applicant);
  const docs = body<{ data: { documents: { id: number; fileId: number }[] } }>(detail).data;
  fileId = docs.documents[0].fileId;
  documentId = docs.documents[0].id;
});
afterAll(() => t.close());

/** A valid request for a route, so that only the permission check can refuse it. */
async function request(route: string, actor: Actor) {
  const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const token = tokens[actor];
  const headers = token ? auth(token) : {};
  if (pattern === '/api/calendar/:year') {
    // a provisional year, "corrected" to its own table lengths: no date moves for later cells
    const url = `/api/calendar/${BS_MAX_YEAR}`;
    if (method !== 'PUT') return t.app.inject({ method, url, headers });
    const payload = { monthLengths: [...bsCalendarYear(BS_MAX_YEAR).months] };
    return t.app.inject({ method, url, headers, payload });
  }
  const m = /^\/api\/([a-z-]+)/.exec(pattern)!;
  const name = m[1];
  const tg = target[name];
  const url = pattern
    .replace(':id', String(name === 'applications' ? appId : name === 'files' ? fileId : tg?.id))
    .replace(':slug', String(tg?.slug))
    .replace(':documentId', String(documentId))
    .replace('*', 'index.css');
  let form: Form | undefined;
  let files: Parameters<typeof multipart>[1] = {};
  const n = nextI();
  switch (true) {
    case route === 'POST /api/login':
      form = { username: 'applicant', password: 'Darta@2082' };
      break;
    case route === 'POST /api/register':
      form = {
        name: 'Matrix',
        username: `matrix_${n}`,
        phone: `98${String(50_000_000 + n)}`,
        password: 'Secret123',
        password_confirmation: 'Secret123',
        gender: 'male',
      };
      break;
    case route === 'POST /api/logout':
      form = {};
      break;
    case route === 'POST /api/applications':
      form = validFields(p.ward1Id);
      files = { ...(await validFiles()), ...(await sampleDocuments('create')) };
      break;
    case route === 'POST /api/applications/:id':
      form = validFields(p.ward1Id, { businessName: `Edited ${n}` });
      files = await sampleDocuments('update');
      break;
    case route === 'POST /api/profiles':
      form = { name: 'Matrix Caller', gender: 'male', lang: 'en-US' };
      break;
    case route === 'POST /api/applications/:id/notify':
      form = { message: 'matrix check' };
      break;
    case route === 'POST /api/applications/reminders':
      form = { 'ids[]': [appId] };
      break;
    case route === 'PUT /api/profiles/reminders':
      form = { renewalReminders: 'true' };
      break;
    case route === 'POST /api/applications/quote':
      form = { businessTypeId: 5, capitalCurrent: 100000 };
      break;
    case route.startsWith('POST /api/applications/'): {
      const action = pattern.split('/').pop()!;
      form =
        action === 'payments'
          ? { receiptNo: `M-${n}`, paidDate: '2025-08-01', channel: 'counter' }
          : { remarks: 'matrix check' };
      break;
    }
    case pattern.endsWith('/delete'):
      form = { 'delete_rows[]': [tg.del] };
      break;
    case pattern.endsWith('/update-dropdown'): {
      const s = DROPDOWN_SAMPLES[name as Writable]?.(p);
      form = s ? { field: s.field, value: s.value } : { field: 'nameEn', value: 'x' };
      break;
    }
    case method === 'POST' && pattern === `/api/${name}`:
      form = SAMPLES[name as Writable](n, p);
      // keep ward numbers free for the update below
      if (name === 'wards') form.number = 32;
      break;
    case method === 'POST' && pattern === `/api/${name}/:id`:
      form = tg.form;
      break;
  }
  if (form === undefined) return t.app.inject({ method, url, headers });
  const mp = multipart(form, files);
  return t.app.inject({ method, url, payload: mp.payload, headers: { ...mp.headers, ...headers } });
}

describe('authorization matrix', () => {
  it('lists exactly the routes of the app', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((r) => !(r in ACCESS_MATRIX));
    const stale = Object.keys(ACCESS_MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes missing from ACCESS_MATRIX').toEqual([]);
    expect(stale, 'ACCESS_MATRIX rows without a route').toEqual([]);
    for (const r of ABSENT_ROUTES) expect(routes).not.toContain(r);
  });

  it('every cell: refused actors get 401/403 (never 2xx), allowed actors are let through', async () => {
    // logout last: it revokes the token of the actor that calls it
    const routes = apiRoutes(t.app).sort(
      (a, b) => Number(a === 'POST /api/logout') - Number(b === 'POST /api/logout'),
    );
    const wrong: string[] = [];
    let allowed2xx = 0;
    for (const route of routes) {
      const allow = ACCESS_MATRIX[route] ?? [];
      // refused actors first, so the allowed admin's write does not change their target
      const order = [...ACTORS].sort(
        (a, b) => Number(allow.includes(a)) - Number(allow.includes(b)),
      );
      for (const actor of order) {
        const res = await request(route, actor);
        const s = res.statusCode;
        if (allow.includes(actor)) {
          if (s === 401 || s === 403 || s >= 500)
            wrong.push(`${route} × ${actor}: allowed but ${s} ${res.body.slice(0, 120)}`);
          if (s < 300) allowed2xx++;
          else if (process.env.MATRIX_DEBUG)
            console.log(`${route} × ${actor}: ${s} ${res.body.slice(0, 100)}`);
        } else {
          const expected = actor === 'anonymous' || actor === 'revoked' ? 401 : 403;
          if (s !== expected)
            wrong.push(
              `${route} × ${actor}: expected ${expected}, got ${s} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    // the requests are real: most allowed cells succeed (the rest are 404 scoping, 409 state,
    // 422 for resources without dropdown fields; MATRIX_DEBUG=1 lists them)
    expect(allowed2xx).toBeGreaterThan(250);
    // every route × 7 actors, PDFs printed by a real Chromium among them (certificate,
    // receipt, acknowledgement slip): more than the default minute on a busy machine
  }, 240_000);

  it('read-only resources have no write paths, for anyone', async () => {
    const api = client(t.app);
    for (const r of ABSENT_ROUTES) {
      const [method, pattern] = r.split(' ');
      const url = pattern.replace(':id', String(target['otp-tokens'].id));
      const res =
        method === 'PUT'
          ? await api.put(url, tokens.admin)
          : await api.post(url, tokens.admin, { field: 'x', value: 'y' });
      expect(res.statusCode, r).toBe(404);
    }
  });
});
