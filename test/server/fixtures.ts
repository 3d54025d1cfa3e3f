/** Shortcuts for API tests: applicants, a valid application form, and moving it along. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { outbox } from '../../src/server/db/schema.js';
import { auth, login, multipart, readFixture } from './helper.js';

let seq = 0;

/**
 * The code in the latest OTP message queued for `phone`, as the log driver would print it.
 * Reads the app's database through the test hook `app.testDatabase` (test/helper.ts).
 */
async function lastOtpOf(app: FastifyInstance, phone: string): Promise<string> {
  const db = (app as unknown as { testDatabase: Database }).testDatabase.db;
  const [m] = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.kind, 'otp')))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!m) throw new Error(`no code was sent to ${phone}`);
  return /\b(\d{6})\b/.exec(m.body)![1];
}

/** lastOtpOf for a test context. */
export const lastOtp = (t: { app: FastifyInstance }, phone: string) => lastOtpOf(t.app, phone);

/**
 * Registers a new applicant and returns their token and id. Unless `withDocuments` is
 * false, the photo and citizenship scan are uploaded to the profile, as applying requires.
 */
export async function newApplicant(
  app: FastifyInstance,
  name = 'Applicant',
  { withDocuments = true } = {},
) {
  seq += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  const username = `app${n}${seq}`;
  const phone = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const details = {
    name,
    username,
    phone,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    gender: 'female',
  };
  // public routes take JSON or URL-encoded bodies, never multipart (issue 16 §3)
  const sent = await app.inject({ method: 'POST', url: '/api/register/otp', payload: details });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...details, otp: await lastOtpOf(app, phone) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const token = body.data.token as string;
  if (withDocuments) await uploadProfileDocuments(app, token);
  return { token, id: body.data.user.id as number, username, phone };
}

/** The photo (JPEG) and citizenship scan (PNG) of the test fixtures. */
export async function profileFiles() {
  return {
    photo: { filename: 'photo.jpg', data: await readFixture('photo.jpg'), type: 'image/jpeg' },
    citizenship: {
      filename: 'citizenship.png',
      data: await readFixture('citizenship.png'),
      type: 'image/png',
    },
  };
}

/** POST /api/profiles/documents with `files` (default: both fixtures); expects 200. */
export async function uploadProfileDocuments(
  app: FastifyInstance,
  token: string,
  files?: Record<string, { filename: string; data: Buffer; type?: string }>,
) {
  const m = multipart({}, files ?? (await profileFiles()));
  const res = await app.inject({
    method: 'POST',
    url: '/api/profiles/documents',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { photoFileId: number; citizenshipFileId: number };
}

/** Ward id (database id) of ward number `n` of the demo palika. */
export async function wardId(app: FastifyInstance, token: string, n: number): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/wards/all', headers: auth(token) });
  const w = (res.json().data as { id: number; number: number }[]).find((x) => x.number === n);
  if (!w) throw new Error(`ward ${n} not seeded`);
  return w.id;
}

export function validFields(ward: number, over: Record<string, string | number | undefined> = {}) {
  return {
    businessName: 'Himalayan Tea House',
    ownerName: 'Suman Tamang',
    fatherOrHusbandName: 'Bir Bahadur Tamang',
    businessTypeId: 5,
    firmName: 'Himalayan Tea Pvt. Ltd.',
    description: 'Tea and snacks',
    permStateId: 3,
    permDistrictId: 29,
    permCityId: 331,
    permWardNo: 3,
    permTole: 'Mangal Bazar',
    wardId: ward,
    locAddress: 'Pulchowk',
    locTole: 'Jhamsikhel',
    locMobile: '9841000001',
    capitalMax: 500000,
    capitalCurrent: 300000,
    capitalPaidUp: 200000,
    applicantName: 'Suman Tamang',
    applicantAddress: 'Lalitpur-3',
    applicantContact: '9841000001',
    ...over,
  };
}

/**
 * Documents sent with an application besides the profile's photo and citizenship (which
 * every application takes from the profile, issue 17 §3): the seeded optional rent agreement
 * (create and update) and lalpurja (create).
 */
export async function validFiles() {
  const png = await readFixture('citizenship.png');
  const jpeg = await readFixture('photo.jpg');
  return {
    'doc_rent-agreement': { filename: 'rent.png', data: png, type: 'image/png' },
    doc_lalpurja: { filename: 'lalpurja.jpg', data: jpeg, type: 'image/jpeg' },
  };
}

/** Submits a valid application in ward `wardNo` and returns its id. */
export async function submit(
  app: FastifyInstance,
  token: string,
  wardNo = 1,
  over = {},
  files: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) {
  const w = await wardId(app, token, wardNo);
  const m = multipart(validFields(w, over), { ...(await validFiles()), ...files });
  const res = await app.inject({
    method: 'POST',
    url: '/api/applications',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** POSTs a transition as `token` and returns the response. */
/**
 * POSTs a transition as `token`. A counter payment (`payments`) gets the bill's amount
 * (rupees) and a receipt scan added unless the fields give them (`amount: ''` or
 * `receipt: 'none'` leave them out), as the payment dialog sends them.
 */
export async function act(
  app: FastifyInstance,
  token: string,
  id: number,
  path: string,
  fields: Record<string, string> = {},
) {
  const files: Record<string, { filename: string; data: Buffer; type?: string }> = {};
  const f = { ...fields };
  if (path === 'payments') {
    if (f.amount === undefined) {
      const d = await app.inject({
        method: 'GET',
        url: `/api/applications/${id}`,
        headers: auth(token),
      });
      const total = (d.json().data?.bill?.total as number | undefined) ?? 0;
      f.amount = (total / 100).toFixed(2);
    }
    if (f.receipt === 'none') delete f.receipt;
    else files.receipt = { filename: 'receipt.png', data: await readFixture('citizenship.png') };
  }
  const m = multipart(f, files);
  return app.inject({
    method: 'POST',
    url: `/api/applications/${id}/${path}`,
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
}

export async function staffTokens(app: FastifyInstance) {
  return { ward1: await login(app, 'ward1'), admin: await login(app, 'admin') };
}

let receipt = 0;
export const nextReceipt = () => `R-${Date.now() % 100000}-${++receipt}`;

/** `n` owners of a multiple-owner application, as the `owners` form field (JSON). */
export const ownersJson = (n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      name: `Owner ${i + 1}`,
      fatherOrHusbandName: `Father ${i + 1}`,
      citizenshipNo: i % 2 ? '' : `27-01-${1000 + i}`,
    })),
  );

/** Complete rent information (rupees, as the form sends them). */
export const rentFields = {
  rentLandlordName: 'Hari Shrestha',
  rentWardNo: 4,
  rentTole: 'Kupondole',
  rentChowk: 'Bakhundole Chowk',
  rentHouseNo: '12-B',
  rentFloors: 3,
  rentRooms: 2,
  rentStartDate: '2024-01-15',
  rentMonthly: 25000,
  rentTaxPeriodMonths: 12,
  rentPurpose: 'commercial',
};

/** POSTs the edit form (whole form, files optional) of application `id` as `token`. */
export async function edit(
  app: FastifyInstance,
  token: string,
  id: number,
  fields: Record<string, string | number | undefined>,
  files: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) {
  const m = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: `/api/applications/${id}`,
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
}
