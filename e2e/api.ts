/**
 * Test data through the HTTP API (docs/api.md), for specs that only need an application in a
 * given state (the screenshots). The acceptance flow itself goes through the UI.
 */
import { smsCode } from './sms';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { todayAd } from '../src/shared/bs-date.js';
import { API, CITIZENSHIP, PASSWORD, PHOTO } from './support';

interface Session {
  token: string;
  user: { id: number; name: string; username: string };
}

async function call<T>(
  method: string,
  url: string,
  token: string | null,
  body?: FormData | URLSearchParams,
) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body,
  });
  const json = (await res.json().catch(() => null)) as T | null;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

function form(values: Record<string, string | number>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, String(v));
  return fd;
}

/** A URL-encoded form: public routes (sign-in, registration) take no multipart (issue 16 §3). */
function publicForm(values: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
  );
}

export async function apiLogin(username: string): Promise<Session> {
  const res = await call<{ data: Session }>(
    'POST',
    '/login',
    null,
    publicForm({ username, password: PASSWORD }),
  );
  return res.data;
}

export async function apiRegister(u: {
  name: string;
  username: string;
  phone: string;
}): Promise<Session> {
  const details = { ...u, password: PASSWORD, password_confirmation: PASSWORD, gender: 'female' };
  const since = Date.now() - 1000;
  await call('POST', '/register/otp', null, publicForm(details));
  const otp = await smsCode(u.phone, since);
  const res = await call<{ data: Session }>(
    'POST',
    '/register',
    null,
    publicForm({ ...details, otp }),
  );
  return res.data;
}

async function fileBlob(file: string, type: string) {
  return new File([await readFile(file)], path.basename(file), { type });
}

/** Uploads the photo and citizenship certificate to the signed-in user's profile. */
export async function apiUploadProfileDocuments(token: string) {
  const fd = new FormData();
  fd.append('photo', await fileBlob(PHOTO, 'image/jpeg'));
  fd.append('citizenship', await fileBlob(CITIZENSHIP, 'image/png'));
  await call('POST', '/profiles/documents', token, fd);
}

/** Creates a single-owner application in Lalitpur ward 1 for the signed-in applicant. */
export async function apiCreateApplication(
  token: string,
  businessName: string,
  ownerName: string,
  mobile: string,
  /** More fields, e.g. an old registration's number, date and certificate scan. */
  extra: Record<string, string | { file: string; type: string }> = {},
) {
  const types = await call<{ data: { id: number; nameEn: string }[] }>(
    'GET',
    '/business-types/all',
    token,
  );
  const teaShop = types.data.find((t) => t.nameEn === 'Tea and snack shop');
  if (!teaShop) throw new Error('business type "Tea and snack shop" is not seeded');
  const wards = await call<{ data: { id: number; number: number }[] }>('GET', '/wards/all', token);
  const ward1 = wards.data.find((w) => w.number === 1)!;
  const fd = form({
    businessName,
    ownerName,
    fatherOrHusbandName: 'Ram Bahadur Tamang',
    businessTypeId: teaShop.id,
    firmName: `${businessName} Pvt. Ltd.`,
    description: 'Tea, snacks and light meals',
    permStateId: 3, // Bagmati Province
    permDistrictId: 29, // Lalitpur
    permCityId: 331, // Lalitpur Metropolitan City
    permWardNo: 5,
    permTole: 'Mangal Bazar',
    wardId: ward1.id,
    locAddress: 'Lalitpur-1',
    locTole: 'Pulchowk',
    locMobile: mobile,
    capitalMax: 500000,
    capitalCurrent: 300000,
    capitalPaidUp: 200000,
    applicantName: ownerName,
    applicantAddress: 'Lalitpur-5',
    applicantContact: mobile,
  });
  // The application takes the photo and citizenship certificate from the profile.
  await apiUploadProfileDocuments(token);
  // The seeded setup asks for no other compulsory document (issue 17 §3).
  for (const [k, v] of Object.entries(extra)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, await fileBlob(v.file, v.type));
  }
  const res = await call<{ data: { id: number; submissionNo: string } }>(
    'POST',
    '/applications',
    token,
    fd,
  );
  return res.data;
}

/** The assessed bill of an application (paisa), as its detail shows it. */
export async function apiBill(token: string, id: number) {
  const res = await call<{ data: { bill: { total: number } | null } }>(
    'GET',
    `/applications/${id}`,
    token,
  );
  if (!res.data.bill) throw new Error(`application ${id} has no bill`);
  return res.data.bill;
}

/** Ward 1's admin verifies the application (the bill is assessed). */
export async function apiVerify(id: number) {
  const ward = await apiLogin('ward1');
  await call(
    'POST',
    `/applications/${id}/verify`,
    ward.token,
    form({ remarks: 'Documents checked' }),
  );
  await call('POST', '/logout', ward.token);
}

/**
 * A counter payment as staff record it (issue 6 §2): the amount of the bill in rupees, the
 * receipt number, today's date and the scan of the paper receipt.
 */
export async function apiCounterPayment(token: string, id: number, receiptNo: string) {
  const bill = await apiBill(token, id);
  const fd = form({
    amount: (bill.total / 100).toFixed(2),
    receiptNo,
    paidDate: todayAd(),
    channel: 'counter',
  });
  fd.append('receipt', await fileBlob(PHOTO, 'image/jpeg'));
  await call('POST', `/applications/${id}/payments`, token, fd);
  return bill;
}

/**
 * The applicant pays the bill through the eSewa simulator without a browser, as the browser
 * would: start the payment (Idempotency-Key), post the signed form, press Pay, and hand the
 * signed answer back to the app. Returns the completed payment's id.
 */
export async function apiPayEsewa(token: string, id: number, esewaSimulator: string) {
  const init = await fetch(`${API}/applications/${id}/pay-online`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${id}-${Date.now()}`,
    },
    body: JSON.stringify({ channel: 'esewa' }),
  });
  if (!init.ok) throw new Error(`pay-online: ${init.status} ${await init.text()}`);
  const { form: f } = (
    (await init.json()) as {
      data: { paymentId: number; form: { action: string; fields: Record<string, string> } };
    }
  ).data;
  const page = await fetch(f.action, { method: 'POST', body: new URLSearchParams(f.fields) });
  if (!page.ok) throw new Error(`eSewa simulator form: ${page.status}`);
  const decided = await fetch(`${esewaSimulator}/sim/esewa/decide`, {
    method: 'POST',
    body: new URLSearchParams({ uuid: f.fields.transaction_uuid, decision: 'pay' }),
    redirect: 'manual',
  });
  const data = new URL(decided.headers.get('location')!).searchParams.get('data')!;
  const res = await fetch(`${API}/payments/esewa/confirm`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationId: id, data }),
  });
  const outcome = ((await res.json()) as { data?: { outcome?: string } }).data?.outcome;
  if (outcome !== 'completed') throw new Error(`eSewa confirm: ${res.status} ${outcome}`);
  const detail = await call<{ data: { payments: { id: number; payStatus: string }[] } }>(
    'GET',
    `/applications/${id}`,
    token,
  );
  return detail.data.payments.find((p) => p.payStatus === 'completed')!.id;
}

/** Verify (ward admin), counter payment (ward admin), approve (system admin). */
export async function apiApprove(id: number, receiptNo: string) {
  const ward = await apiLogin('ward1');
  await call(
    'POST',
    `/applications/${id}/verify`,
    ward.token,
    form({ remarks: 'Documents checked' }),
  );
  await apiCounterPayment(ward.token, id, receiptNo);
  const admin = await apiLogin('admin');
  const res = await call<{ data: { registrationNo: string } }>(
    'POST',
    `/applications/${id}/approve`,
    admin.token,
    form({}),
  );
  await call('POST', '/logout', ward.token);
  await call('POST', '/logout', admin.token);
  return res.data.registrationNo;
}

/** System admin: takes an old paper registration into the system (action accept). */
export async function apiAccept(id: number) {
  const admin = await apiLogin('admin');
  const res = await call<{ data: { registrationNo: string; expiryDate: string } }>(
    'POST',
    `/applications/${id}/accept`,
    admin.token,
    form({ remarks: 'Paper certificate checked' }),
  );
  await call('POST', '/logout', admin.token);
  return res.data;
}

/**
 * Money that cannot be credited (issue 15), without a browser: the applicant starts a Khalti
 * payment, ward 1's admin records a counter payment of the same bill meanwhile, then the
 * applicant pays at the Khalti simulator and the app hears of it — the bill is already paid,
 * so the Khalti money is refund due (reason alreadyPaid). Returns the refund-due payment's id.
 */
export async function apiKhaltiRefundDue(token: string, id: number, receiptNo: string) {
  const init = await fetch(`${API}/applications/${id}/pay-online`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${id}-${Date.now()}`,
    },
    body: JSON.stringify({ channel: 'khalti' }),
  });
  if (!init.ok) throw new Error(`pay-online: ${init.status} ${await init.text()}`);
  const { paymentId, redirectUrl } = (
    (await init.json()) as { data: { paymentId: number; redirectUrl: string } }
  ).data;
  const ward = await apiLogin('ward1');
  await apiCounterPayment(ward.token, id, receiptNo);
  await call('POST', '/logout', ward.token);
  const pay = new URL(redirectUrl);
  const pidx = pay.searchParams.get('pidx')!;
  const paid = await fetch(new URL('/sim/khalti/pay', pay), {
    method: 'POST',
    body: new URLSearchParams({ pidx, decision: 'pay' }),
    redirect: 'manual',
  });
  if (paid.status < 300 || paid.status >= 400) throw new Error(`Khalti simulator: ${paid.status}`);
  const res = await fetch(`${API}/payments/khalti/confirm`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationId: id, pidx }),
  });
  const body = (await res.json()) as { data?: { outcome?: string } };
  if (body.data?.outcome !== 'refund_due') {
    throw new Error(`Khalti confirm: ${res.status} ${JSON.stringify(body)}`);
  }
  return paymentId;
}

/** Ward 1's admin rejects the application with `remarks` (what the applicant must fix). */
export async function apiReject(id: number, remarks: string) {
  const ward = await apiLogin('ward1');
  await call('POST', `/applications/${id}/reject`, ward.token, form({ remarks }));
  await call('POST', '/logout', ward.token);
}

/** The application's detail as `token` sees it: status, documents and history. */
export async function apiDetail(token: string, id: number) {
  const res = await call<{
    data: {
      appStatus: string;
      documents: { kind: string; fileId: number; originalName: string }[];
      history: { action: string }[];
    };
  }>('GET', `/applications/${id}`, token);
  return res.data;
}
