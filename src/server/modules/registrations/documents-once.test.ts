/**
 * Issue 17 §3 "documents once": every application uses the profile's photo and citizenship
 * (never uploaded again, listed once), and any document can be replaced while a rejected
 * application is fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  multipart,
  readFixture,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  edit,
  newApplicant,
  staffTokens,
  uploadProfileDocuments,
  validFields,
  wardId,
} from '../../../../test/server/fixtures.js';

let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

type Files = Record<string, { filename: string; data: Buffer; type?: string }>;
type Doc = { kind: string; fileId: number; originalName: string };

const send = (token: string, url: string, fields: Record<string, unknown>, files: Files = {}) => {
  const m = multipart(fields as Record<string, string>, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
};
const detail = async (token: string, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: auth(token) })
  ).json().data;
const png = async (filename: string) => ({
  filename,
  data: await readFixture('citizenship.png'),
  type: 'image/png',
});

describe('the profile documents serve every application', () => {
  it('submits without re-uploading the photo or citizenship, even where an old setup still lists them', async () => {
    // An older setup asked for these again on every application (required, on create).
    const legacy = [];
    for (const nameEn of ['Passport photo', 'Citizenship front']) {
      const res = await send(staff.admin, '/api/required-files', {
        nameEn,
        nameNe: `${nameEn} (ne)`,
        requiredIn: 'create',
        isRequired: '1',
      });
      expect(res.statusCode, res.body).toBe(201);
      legacy.push(res.json().data as { id: number; slug: string });
    }
    try {
      expect(legacy.map((r) => r.slug)).toEqual(['passport-photo', 'citizenship-front']);
      const a = await newApplicant(t.app);
      const profile = (
        await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(a.token) })
      ).json().data as { photoFileId: number; citizenshipFileId: number };
      const w = await wardId(t.app, a.token, 1);
      const res = await send(a.token, '/api/applications', validFields(w));
      expect(res.statusCode, res.body).toBe(201);
      const d = await detail(staff.ward1, res.json().data.id);
      const docs = d.documents as Doc[];
      // each document once: the profile's two files, nothing uploaded twice
      expect(docs.map((x) => x.kind)).toEqual(['photo', 'citizenship']);
      expect(docs.map((x) => x.fileId)).toEqual([profile.photoFileId, profile.citizenshipFileId]);
      // sending them anyway is refused: the form never asks for them
      const again = await send(a.token, '/api/applications', validFields(w), {
        'doc_passport-photo': await png('p.png'),
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toHaveProperty(['doc_passport-photo']);
    } finally {
      for (const r of legacy)
        await send(staff.admin, '/api/required-files/delete', { 'delete_rows[]': r.id });
    }
  });

  it('still needs the profile documents first (422 Please upload photos first)', async () => {
    const a = await newApplicant(t.app, 'No docs', { withDocuments: false });
    const w = await wardId(t.app, a.token, 1);
    const res = await send(a.token, '/api/applications', validFields(w));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please upload photos first');
  });
});

describe('fixing a rejected application', () => {
  it('replaces a document asked on create only, and a photo changed on the profile, then resubmits', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const created = await send(a.token, '/api/applications', validFields(w), {
      doc_lalpurja: await png('old-lalpurja.png'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const rejected = await act(t.app, staff.ward1, id, 'reject', {
      remarks: 'Lalpurja unreadable',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const before = (await detail(a.token, id)).documents as Doc[];
    const oldLalpurja = before.find((x) => x.kind === 'lalpurja')!;

    // a new photo on the profile, and a new lalpurja in the edit form
    const newPhoto = await uploadProfileDocuments(t.app, a.token, {
      photo: {
        filename: 'new-photo.jpg',
        data: await readFixture('photo.jpg'),
        type: 'image/jpeg',
      },
    });
    const res = await edit(t.app, a.token, id, validFields(w), {
      doc_lalpurja: await png('new-lalpurja.png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.appStatus).toBe('pending');
    const docs = d.documents as Doc[];
    expect(docs.filter((x) => x.kind === 'lalpurja')).toHaveLength(1);
    const lalpurja = docs.find((x) => x.kind === 'lalpurja')!;
    expect(lalpurja.fileId).not.toBe(oldLalpurja.fileId);
    expect(lalpurja.originalName).toBe('new-lalpurja.png');
    expect(docs.filter((x) => x.kind === 'photo').map((x) => x.fileId)).toEqual([
      newPhoto.photoFileId,
    ]);
    const h = d.history.at(-1);
    expect(h.action).toBe('resubmit');
    expect(h.changes).toEqual({
      doc_lalpurja: { from: null, to: 'new-lalpurja.png' },
      photo: { from: null, to: 'new-photo.jpg' },
    });
  });

  it('keeps every document when none is sent (each optional once present)', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const created = await send(a.token, '/api/applications', validFields(w), {
      doc_lalpurja: await png('l.png'),
    });
    const id = created.json().data.id as number;
    await act(t.app, staff.ward1, id, 'reject', { remarks: 'Wrong name' });
    const res = await edit(t.app, a.token, id, validFields(w, { businessName: 'Fixed name' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.documents as Doc[]).map((x) => x.kind)).toEqual([
      'photo',
      'citizenship',
      'lalpurja',
    ]);
  });
});
