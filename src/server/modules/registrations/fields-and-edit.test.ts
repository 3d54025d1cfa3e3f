/**
 * Every SPEC §3 field of an application (issue 4 §1), multiple owners (at most 4, SPEC §5) and
 * editing (issue 4 §4), through app.inject() on a real migrated database.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auth,
  buildTestApp,
  multipart,
  rowCount,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  edit,
  newApplicant,
  nextReceipt,
  ownersJson,
  rentFields,
  staffTokens,
  submit,
  validFields,
  validFiles,
  wardId,
} from '../../../../test/server/fixtures.js';
import {
  applicationHistory,
  applicationOwners,
  applications,
  auditLog,
  files,
} from '../../db/schema.js';
import { todayAd } from '../../../shared/bs-date.js';

let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const count = (table: PgTable) => rowCount(t.database, table);
const detail = async (token: string, id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/applications/${id}`,
      headers: auth(token),
    })
  ).json().data;

const post = async (
  token: string,
  fields: Record<string, string | number | undefined>,
  extra: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) => {
  const m = multipart(fields, { ...(await validFiles()), ...extra });
  return t.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
};

/** Snapshot of everything a refused submission must leave untouched. */
const snapshot = async () => [
  await count(applications),
  await count(files),
  await count(applicationOwners),
  await count(applicationHistory),
  (await readdir(t.uploadDir)).length,
];

const tomorrow = () => {
  const d = new Date(`${todayAd()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

describe('every SPEC §3 field', () => {
  it('round-trips old registration, card size, other registration, rent and land', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const res = await post(
      a.token,
      validFields(w, {
        isOldRegistration: '1',
        oldRegistrationNo: 'OLD-55/2070',
        oldRegistrationDate: '2014-03-02',
        cardLength: 30,
        cardWidth: 20,
        otherRegNo: 'PAN-601234567',
        otherRegOffice: 'Inland Revenue Office, Lalitpur',
        ...rentFields,
        landCurrentCity: 'Lalitpur Metropolitan City',
        landWardNo: 5,
        landPreviousVdc: 'Sainbu',
        landSeatNo: '7-Ga',
        landKittaNo: '1234',
        landArea: '0-4-2-0',
      }),
      { oldCertificate: (await validFiles())['doc_rent-agreement'] },
    );
    expect(res.statusCode, res.body).toBe(201);
    const d = await detail(a.token, res.json().data.id);
    expect(d).toMatchObject({
      kind: 'single',
      isOldRegistration: true,
      oldRegistrationNo: 'OLD-55/2070',
      oldRegistrationDate: '2014-03-02',
      cardLength: 30,
      cardWidth: 20,
      otherRegNo: 'PAN-601234567',
      otherRegOffice: 'Inland Revenue Office, Lalitpur',
      rentLandlordName: 'Hari Shrestha',
      rentWardNo: 4,
      rentTole: 'Kupondole',
      rentChowk: 'Bakhundole Chowk',
      rentHouseNo: '12-B',
      rentFloors: 3,
      rentRooms: 2,
      rentStartDate: '2024-01-15',
      rentMonthly: 2_500_000,
      rentTaxPeriodMonths: 12,
      rentPurpose: 'commercial',
      landCurrentCity: 'Lalitpur Metropolitan City',
      landWardNo: 5,
      landPreviousVdc: 'Sainbu',
      landSeatNo: '7-Ga',
      landKittaNo: '1234',
      landArea: '0-4-2-0',
      owners: [],
      canEdit: true,
    });
  });

  it('optional groups left empty are null; the old-registration flag defaults to false', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1, { cardLength: '', rentTole: '' });
    const d = await detail(a.token, id);
    expect(d.isOldRegistration).toBe(false);
    expect(d.cardLength).toBeNull();
    expect(d.rentMonthly).toBeNull();
    expect(d.rentPurpose).toBeNull();
  });

  const refused: [string, Record<string, string | number>, string[]][] = [
    ['a negative monthly rent', { ...rentFields, rentMonthly: '-100' }, ['rentMonthly']],
    [
      'a rent start date in the future',
      { ...rentFields, rentStartDate: tomorrow() },
      ['rentStartDate'],
    ],
    [
      'partial rent information',
      { rentTole: 'Kupondole', rentFloors: 2 },
      ['rentLandlordName', 'rentMonthly', 'rentTaxPeriodMonths', 'rentPurpose'],
    ],
    [
      'a rent tax period of 13 months',
      { ...rentFields, rentTaxPeriodMonths: 13 },
      ['rentTaxPeriodMonths'],
    ],
    [
      'an old registration without number and date',
      { isOldRegistration: 'true' },
      ['oldRegistrationNo', 'oldRegistrationDate'],
    ],
    [
      'an old registration dated in the future',
      { isOldRegistration: '1', oldRegistrationNo: 'X-1', oldRegistrationDate: tomorrow() },
      ['oldRegistrationDate'],
    ],
    ['a card size out of range', { cardLength: 0, cardWidth: 501 }, ['cardLength', 'cardWidth']],
    ['paid-up capital above current', { capitalPaidUp: 400000 }, ['capitalCurrent']],
    ['an unknown rent purpose', { ...rentFields, rentPurpose: 'industrial' }, ['rentPurpose']],
  ];
  for (const [what, over, fields] of refused) {
    it(`${what}: 422 naming ${fields.join(', ')}, nothing saved`, async () => {
      const a = await newApplicant(t.app);
      const w = await wardId(t.app, a.token, 1);
      const before = await snapshot();
      const res = await post(a.token, validFields(w, over));
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(fields));
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('multiple owners (SPEC §5: at most 4 names)', () => {
  it('4 owners are accepted; the first fills the owner name; rows in order', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const res = await post(
      a.token,
      validFields(w, {
        kind: 'multiple',
        ownerName: '',
        fatherOrHusbandName: '',
        owners: ownersJson(4),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const d = await detail(a.token, res.json().data.id);
    expect(d.kind).toBe('multiple');
    expect(d.ownerName).toBe('Owner 1');
    expect(d.fatherOrHusbandName).toBe('Father 1');
    expect(d.owners).toEqual([
      {
        position: 1,
        name: 'Owner 1',
        fatherOrHusbandName: 'Father 1',
        citizenshipNo: '27-01-1000',
      },
      { position: 2, name: 'Owner 2', fatherOrHusbandName: 'Father 2', citizenshipNo: null },
      {
        position: 3,
        name: 'Owner 3',
        fatherOrHusbandName: 'Father 3',
        citizenshipNo: '27-01-1002',
      },
      { position: 4, name: 'Owner 4', fatherOrHusbandName: 'Father 4', citizenshipNo: null },
    ]);
  });

  it('5 owners: 422 with the SPEC text, in Nepali too; 1 owner: 422; nothing saved', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const before = await snapshot();
    let res = await post(a.token, validFields(w, { kind: 'multiple', owners: ownersJson(5) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.owners).toEqual(['You cannot add more than 4 names.']);
    const m = multipart(
      validFields(w, { kind: 'multiple', owners: ownersJson(5) }),
      await validFiles(),
    );
    const ne = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token), 'accept-language': 'ne' },
    });
    expect(ne.json().errors.owners).toEqual(['तपाईं ४ भन्दा बढी नाम थप्न सक्नुहुन्न।']);
    res = await post(a.token, validFields(w, { kind: 'multiple', owners: ownersJson(1) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.owners).toHaveLength(1);
    res = await post(
      a.token,
      validFields(w, {
        kind: 'multiple',
        owners: JSON.stringify([{ name: 'A', fatherOrHusbandName: '' }, { name: 'B' }]),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['owners.0.fatherOrHusbandName', 'owners.1.fatherOrHusbandName']),
    );
    res = await post(a.token, validFields(w, { kind: 'multiple', owners: '[not json' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.owners).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('owners sent with kind single are ignored', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1, { owners: ownersJson(3) });
    expect((await detail(a.token, id)).owners).toEqual([]);
  });
});

describe('editing (POST /api/applications/{id})', () => {
  it('the applicant edits while pending: only changed fields in history, plus an audit row', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    const audits = await count(auditLog);
    const res = await edit(
      t.app,
      a.token,
      id,
      validFields(w, { businessName: 'Himalayan Coffee House', cardLength: 40, cardWidth: 25 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Updated Successfully');
    const d = res.json().data;
    expect(d.appStatus).toBe('pending');
    expect(d.businessName).toBe('Himalayan Coffee House');
    const h = d.history.at(-1);
    expect(h.action).toBe('edit');
    expect(h.changes).toEqual({
      businessName: { from: 'Himalayan Tea House', to: 'Himalayan Coffee House' },
      cardLength: { from: null, to: 40 },
      cardWidth: { from: null, to: 25 },
    });
    expect(await count(auditLog)).toBe(audits + 1);
    // documents are kept when no files are sent
    expect(d.documents.map((x: { kind: string }) => x.kind)).toEqual([
      'photo',
      'citizenship',
      'rent-agreement',
      'lalpurja',
    ]);
  });

  it('a new lalpurja (asked on create only) replaces that document on edit; a bad one is 422 and stores nothing', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    const kindOf = (docs: { kind: string; fileId: number }[], kind: string) =>
      docs.filter((x) => x.kind === kind);
    const oldPhoto = kindOf((await detail(a.token, id)).documents, 'lalpurja')[0].fileId;
    const photo = (await validFiles())['doc_lalpurja'];
    const before = await snapshot();
    const bad = await edit(t.app, a.token, id, validFields(w, { businessName: 'Changed' }), {
      doc_lalpurja: { filename: 'x.jpg', data: Buffer.from('not an image') },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['doc_lalpurja']).toBeTruthy();
    expect(await snapshot()).toEqual(before);
    expect((await detail(a.token, id)).businessName).toBe('Himalayan Tea House');
    const res = await edit(t.app, a.token, id, validFields(w), { doc_lalpurja: photo });
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json().data.documents as { kind: string; fileId: number }[];
    expect(kindOf(docs, 'lalpurja')).toHaveLength(1);
    expect(kindOf(docs, 'lalpurja')[0].fileId).not.toBe(oldPhoto);
    expect(res.json().data.history.at(-1).changes).toEqual({
      doc_lalpurja: { from: null, to: 'lalpurja.jpg' },
    });
  });

  it('an invalid edit is 422 and changes nothing', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    const before = await snapshot();
    const res = await edit(t.app, a.token, id, validFields(w, { ...rentFields, rentMonthly: -1 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rentMonthly).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('staff edit while pending; owners can be changed (kind single → multiple)', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    expect((await detail(staff.ward1, id)).canEdit).toBe(true);
    const res = await edit(
      t.app,
      staff.ward1,
      id,
      validFields(w, { kind: 'multiple', owners: ownersJson(2) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.owners).toHaveLength(2);
    expect(d.ownerName).toBe('Suman Tamang');
    expect(Object.keys(d.history.at(-1).changes).sort()).toEqual(['kind', 'owners']);
    const again = await edit(
      t.app,
      staff.ward1,
      id,
      validFields(w, { kind: 'multiple', owners: ownersJson(5) }),
    );
    expect(again.json().errors.owners).toEqual(['You cannot add more than 4 names.']);
    expect((await detail(a.token, id)).owners).toHaveLength(2);
  });

  it('the applicant editing a rejected application resubmits it (history resubmit with changes)', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'reject', { remarks: 'Capital is wrong' });
    expect((await detail(a.token, id)).canEdit).toBe(true);
    const res = await edit(t.app, a.token, id, validFields(w, { capitalCurrent: 350000 }));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.appStatus).toBe('pending');
    const h = d.history.at(-1);
    expect(h).toMatchObject({ action: 'resubmit', fromStatus: 'rejected', toStatus: 'pending' });
    expect(h.changes).toEqual({ capitalCurrent: { from: 30_000_000, to: 35_000_000 } });
  });

  it('staff editing a rejected application leave it rejected', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'reject', { remarks: 'x' });
    const res = await edit(t.app, staff.ward1, id, validFields(w, { locTole: 'Sanepa' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.appStatus).toBe('rejected');
    expect(res.json().data.history.at(-1).action).toBe('edit');
  });

  it('verified: the applicant gets 409; staff edit and the bill is re-assessed', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'verify');
    const before = await detail(a.token, id);
    expect(before.canEdit).toBe(false);
    expect(before.bill.total).toBe(110_000);
    const history = await count(applicationHistory);
    expect((await edit(t.app, a.token, id, validFields(w, { businessName: 'Z' }))).statusCode).toBe(
      409,
    );
    expect(await count(applicationHistory)).toBe(history);

    // an edit that does not touch capital, type or rent keeps the bill
    let res = await edit(t.app, staff.ward1, id, validFields(w, { locTole: 'Sanepa' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bill).toEqual(before.bill);

    // rent adds rent tax: Rs 25,000 × 12 months × 10% = Rs 30,000
    res = await edit(t.app, staff.ward1, id, validFields(w, { locTole: 'Sanepa', ...rentFields }));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.appStatus).toBe('verified');
    expect(d.bill.rentTax).toBe(3_000_000);
    expect(d.bill.total).toBe(110_000 + 3_000_000);
    expect(d.history.at(-1).changes.bill).toEqual({ from: 110_000, to: 3_110_000 });
  });

  it('a verified application whose capital moves to another band gets the new band tax', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'verify');
    const before = (await detail(a.token, id)).bill;
    const res = await edit(
      t.app,
      staff.admin,
      id,
      validFields(w, { capitalMax: 5_000_000, capitalCurrent: 2_000_000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json().data.bill;
    expect(bill.businessTax).not.toBe(before.businessTax);
    expect(res.json().data.history.at(-1).changes.capitalCurrent).toEqual({
      from: 30_000_000,
      to: 200_000_000,
    });
  });

  it('paid or approved: 409 for everyone, nothing written', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'verify');
    await act(t.app, staff.ward1, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: '2025-08-01',
      channel: 'counter',
    });
    expect((await edit(t.app, staff.admin, id, validFields(w))).statusCode).toBe(409);
    await act(t.app, staff.admin, id, 'approve');
    const history = await count(applicationHistory);
    for (const token of [a.token, staff.ward1, staff.admin]) {
      expect((await detail(token, id)).canEdit).toBe(false);
      const res = await edit(t.app, token, id, validFields(w, { businessName: 'Changed' }));
      expect(res.statusCode).toBe(409);
    }
    expect(await count(applicationHistory)).toBe(history);
    expect((await detail(a.token, id)).businessName).toBe('Himalayan Tea House');
  });

  it('a ward admin cannot move an application to another ward; the system admin can', async () => {
    const a = await newApplicant(t.app);
    const w2 = await wardId(t.app, a.token, 2);
    const id = await submit(t.app, a.token, 1);
    let res = await edit(t.app, staff.ward1, id, validFields(w2));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.wardId).toBeTruthy();
    res = await edit(t.app, staff.admin, id, validFields(w2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.wardId).toBe(w2);
  });

  it("another user's application is 404", async () => {
    const a = await newApplicant(t.app, 'A');
    const b = await newApplicant(t.app, 'B');
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    const res = await edit(t.app, b.token, id, validFields(w, { businessName: 'Mine now' }));
    expect(res.statusCode).toBe(404);
    expect((await detail(a.token, id)).businessName).toBe('Himalayan Tea House');
  });
});
