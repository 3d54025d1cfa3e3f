/**
 * Issue 4 (second half) on the client: 'Please upload photos first' before the form, the
 * profile's document upload, the staff checklist per document, accepting an old paper
 * registration, the renewal list and the renew page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/auth.js';
import { setLang } from '../../lib/i18n';
import { USER_KEY } from '../../lib/session';
import { named } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import ProfilePage from '../profile/ProfilePage';
import ApplicationDetailPage from '../registrations/ApplicationDetailPage';
import ApplyNewPage from '../apply/ApplyNewPage';
import MultipleRegistrationPage from '../apply/MultipleRegistrationPage';
import RenewalListPage from './RenewalListPage';
import RenewPage from './RenewPage';
import SingleRegistrationPage from '../apply/SingleRegistrationPage';

const applicant: User = {
  id: 3,
  name: 'Sita Sharma',
  username: 'sita',
  phone: '9841000001',
  email: null,
  gender: 'female',
  userType: 'user',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['user'],
  permissions: [
    'view-applications',
    'create-applications',
    'edit-applications',
    'renew-applications',
  ],
};
const wardAdmin: User = {
  ...applicant,
  id: 2,
  name: 'Ward Admin',
  username: 'ward1',
  userType: 'wardadmin',
  wardId: 1,
  roles: ['wardadmin'],
  permissions: ['view-applications', 'verify-applications', 'record-payments'],
};
const ok = (data: unknown, message?: string) => () => jsonResponse(200, { data, message });

resetEachTest();

describe("'Please upload photos first'", () => {
  const pages = [
    ['apply-new', ApplyNewPage],
    ['single_registration', SingleRegistrationPage],
    ['multiple_registration', MultipleRegistrationPage],
  ] as const;

  for (const [route, Page] of pages) {
    it(`shows the alert and a link to the profile upload instead of /${route}`, async () => {
      mockApi({});
      const { container } = renderWithApp(<Page />, {
        route: `/${route}`,
        profile: { ...applicant, photoFileId: 11 },
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Please upload photos first');
      expect(
        within(alert).getByRole('link', { name: 'Upload photo and documents' }),
      ).toHaveAttribute('href', '/profile#documents');
      expect(container.querySelector('form')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Start application' })).toBeNull();
    });
  }

  it('shows the form once the profile has both files', async () => {
    mockApi({});
    renderWithApp(<SingleRegistrationPage />, {
      route: '/single_registration',
      profile: { ...applicant, photoFileId: 11, citizenshipFileId: 12 },
    });
    expect(await screen.findByRole('form')).toBeInTheDocument();
    expect(screen.queryByText('Please upload photos first')).toBeNull();
  });
});

describe('profile documents', () => {
  it('uploads the photo and citizenship certificate and keeps the stored user in step', async () => {
    const updated = { ...applicant, photoFileId: 21, citizenshipFileId: 22 };
    const api = mockApi({
      'POST /api/profiles/documents': ok(updated, 'Updated Successfully'),
      'GET /api/files/:id': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    const { container } = renderWithApp(<ProfilePage />, {
      route: '/profile#documents',
      profile: applicant,
    });
    const card = screen.getByRole('region', { name: 'Photo and documents' });
    expect(card).toHaveAttribute('id', 'documents');
    expect(within(card).getAllByText('Not uploaded yet')).toHaveLength(2);

    // nothing chosen: nothing sent
    await userEvent.click(within(card).getByRole('button', { name: 'Upload' }));
    expect(
      await within(card).findByText('Choose a photo or a citizenship document to upload.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/profiles/documents')).toHaveLength(0);

    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    const scan = new File(['pdf'], 'cz.pdf', { type: 'application/pdf' });
    await userEvent.upload(container.querySelector('input[name=photo]') as HTMLInputElement, photo);
    await userEvent.upload(
      container.querySelector('input[name=citizenship]') as HTMLInputElement,
      scan,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls('POST', '/api/profiles/documents')).toHaveLength(1));
    const body = api.calls('POST', '/api/profiles/documents')[0].body!;
    expect((body.get('photo') as File).name).toBe('me.png');
    expect((body.get('citizenship') as File).name).toBe('cz.pdf');
    await waitFor(() => expect(within(card).queryByText('Not uploaded yet')).toBeNull());
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({
      photoFileId: 21,
      citizenshipFileId: 22,
    });
  });

  it('refuses a PDF as the photo before sending', async () => {
    const api = mockApi({});
    const { container } = renderWithApp(<ProfilePage />, { profile: applicant });
    const pdf = new File(['pdf'], 'me.pdf', { type: 'application/pdf' });
    // The input's accept list would filter it in a browser's picker; a drop is still possible.
    await userEvent.upload(container.querySelector('input[name=photo]') as HTMLInputElement, pdf, {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/JPEG|PNG/, { selector: '.mantine-InputWrapper-error' }));
    expect(api.calls('POST', '/api/profiles/documents')).toHaveLength(0);
  });
});

const detail = {
  id: 9,
  kind: 'single',
  appStatus: 'pending',
  submissionNo: '2082-83-000009',
  registrationNo: null,
  registrationDate: null,
  expiryDate: null,
  submissionDate: '2025-07-17',
  businessName: 'Himal Traders',
  ownerName: 'Sita Sharma',
  fatherOrHusbandName: 'Ram Sharma',
  firmName: null,
  description: null,
  isRenewal: false,
  isOldRegistration: false,
  permWardNo: 4,
  permTole: null,
  permChowk: null,
  locAddress: 'Mangal Bazar',
  locTole: null,
  locMobile: '9841000001',
  capitalMax: 50000000,
  capitalCurrent: 30000000,
  capitalPaidUp: 20000000,
  applicantName: 'Sita Sharma',
  applicantAddress: 'Kirtipur-4',
  applicantContact: '9841000001',
  createdAt: '2025-07-17T04:00:00.000Z',
  businessTypeId: 1,
  businessType: named('Retail shop', 'खुद्रा पसल'),
  ward: { id: 1, number: 1, ...named('Ward No. 1', 'वडा नं. १') },
  permState: named('Bagmati', 'बागमती'),
  permDistrict: named('Kathmandu', 'काठमाडौं'),
  permCity: named('Kirtipur', 'कीर्तिपुर'),
  fiscalYear: null,
  bill: null,
  estimate: {
    bill: {
      lines: [
        { key: 'businessTax', amount: 150000, rule: '' },
        { key: 'fine', amount: 0, rule: '' },
        { key: 'rentTax', amount: 0, rule: '' },
        { key: 'adminCost', amount: 10000, rule: '' },
        { key: 'discount', amount: 0, rule: '' },
      ],
      businessTax: 150000,
      fine: 0,
      rentTax: 0,
      adminCost: 10000,
      discount: 0,
      total: 160000,
      bandId: 1,
    },
    problem: null,
  },
  documents: [
    {
      id: 31,
      kind: 'citizenship-front',
      fileId: 41,
      mime: 'application/pdf',
      originalName: 'cz.pdf',
      sizeBytes: 100,
      checks: [2],
      requiredFileId: 1,
      ...named('Citizenship (front)', 'नागरिकता (अगाडि)'),
    },
  ],
  history: [],
  payments: [],
  certificate: null,
  allowedActions: [],
  canCheckDocuments: false,
  canRenew: false,
  openRenewalId: null,
  renewalOf: null,
};
const boxes = [
  { id: 1, ...named('Photo is clear', 'फोटो स्पष्ट छ') },
  { id: 2, ...named('Name matches', 'नाम मिल्छ') },
  { id: 3, ...named('Stamp visible', 'छाप देखिन्छ') },
];
const renderDetail = (profile: User) =>
  renderWithApp(<ApplicationDetailPage />, {
    route: '/business/applications/9/detail',
    path: '/business/applications/:id/detail',
    profile,
  });

describe('detail page', () => {
  it('lets staff tick the checklist of a document and save it as JSON', async () => {
    const staffView = { ...detail, canCheckDocuments: true };
    const api = mockApi({
      'GET /api/applications/9': ok(staffView),
      'GET /api/checkboxes/all': ok(boxes),
      'POST /api/applications/9/documents/31/checks': ok(
        { ...staffView, documents: [{ ...staffView.documents[0], checks: [1] }] },
        'Updated Successfully',
      ),
    });
    renderDetail(wardAdmin);
    await userEvent.click(await screen.findByRole('tab', { name: /Images/ }));
    const doc = await screen.findByRole('region', { name: 'Citizenship (front)' });
    const group = await within(doc).findByRole('group', { name: 'Document checklist' });
    expect(within(group).getByRole('checkbox', { name: 'Name matches' })).toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Photo is clear' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Name matches' }));
    await userEvent.click(within(doc).getByRole('button', { name: 'Save checklist' }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/applications/9/documents/31/checks')).toHaveLength(1),
    );
    expect(api.calls('POST', '/api/applications/9/documents/31/checks')[0].json).toEqual({
      checks: [1],
    });
    await waitFor(() =>
      expect(within(doc).getByRole('checkbox', { name: 'Photo is clear' })).toBeChecked(),
    );
    expect(within(doc).getByRole('checkbox', { name: 'Name matches' })).not.toBeChecked();
  });

  it('shows the applicant the ticked items read-only, and the fee estimate', async () => {
    mockApi({
      'GET /api/applications/9': ok(detail),
      'GET /api/checkboxes/all': ok(boxes),
    });
    renderDetail({ ...applicant, photoFileId: 11, citizenshipFileId: 12 });
    expect(await screen.findByText('Fee estimate (not yet assessed)')).toBeInTheDocument();
    expect(screen.getByText('Rs. 1,600.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Images/ }));
    const doc = await screen.findByRole('region', { name: 'Citizenship (front)' });
    expect(await within(doc).findByText('✓ Name matches')).toBeInTheDocument();
    expect(within(doc).queryByText(/Photo is clear/)).toBeNull();
    expect(within(doc).queryByRole('checkbox')).toBeNull();
    expect(within(doc).queryByRole('button', { name: 'Save checklist' })).toBeNull();
  });

  it('accepts an old registration with an expiry date typed in BS', async () => {
    const old = {
      ...detail,
      isOldRegistration: true,
      oldRegistrationNo: 'OLD-7/2079-80',
      oldRegistrationDate: '2022-08-26',
      allowedActions: ['accept', 'reject', 'cancel'],
    };
    const api = mockApi({
      'GET /api/applications/9': ok(old),
      'GET /api/checkboxes/all': ok(boxes),
      'POST /api/applications/9/accept': ok({ ...old, appStatus: 'approved', allowedActions: [] }),
    });
    renderDetail({ ...wardAdmin, permissions: ['view-applications', 'approve-applications'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept old registration' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/The paper registration is taken into the system/),
    ).toBeInTheDocument();
    const expiry = within(dialog).getByLabelText(/Expiry date/);
    await userEvent.type(expiry, '2080-13-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept old registration' }));
    expect(await within(dialog).findByText('Enter a valid date')).toBeInTheDocument();
    expect(api.calls('POST', '/api/applications/9/accept')).toHaveLength(0);
    await userEvent.clear(expiry);
    // 31 Asar 2080 BS is 16 July 2023 AD
    await userEvent.type(expiry, '2080-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept old registration' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/accept')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/9/accept')[0].body!.get('expiryDate')).toBe(
      '2023-07-16',
    );
  });

  it('links a renewal to its registration and offers Renew on a registration due', async () => {
    const renewal = {
      ...detail,
      id: 12,
      isRenewal: true,
      appStatus: 'approved',
      renewalOf: {
        id: 9,
        registrationNo: '145/2082-83',
        businessName: 'Himal Traders',
        expiryDate: '2026-07-16',
      },
    };
    mockApi({
      'GET /api/applications/12': ok(renewal),
      'GET /api/applications/9': ok({ ...detail, appStatus: 'approved', canRenew: true }),
      'GET /api/checkboxes/all': ok(boxes),
    });
    const view = renderWithApp(<ApplicationDetailPage />, {
      route: '/business/applications/12/detail',
      path: '/business/applications/:id/detail',
      profile: { ...applicant, photoFileId: 11, citizenshipFileId: 12 },
    });
    expect(await screen.findByRole('link', { name: 'Renewal of 145/2082-83' })).toHaveAttribute(
      'href',
      '/business/applications/9/detail',
    );
    // an approved renewal prints the registration's certificate
    expect(screen.getByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      '/business/certificate/9',
    );
    expect(screen.getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    view.unmount();

    renderDetail({ ...applicant, photoFileId: 11, citizenshipFileId: 12 });
    expect(await screen.findByRole('link', { name: 'Renew' })).toHaveAttribute(
      'href',
      '/re-new-registration/9',
    );
  });
});

const rows = [
  {
    id: 9,
    registrationNo: '145/2079-80',
    businessName: 'Himal Traders',
    ownerName: 'Sita Sharma',
    wardId: 1,
    wardNumber: 1,
    businessTypeId: 1,
    businessTypeNameEn: 'Retail shop',
    businessTypeNameNe: 'खुद्रा पसल',
    expiryDate: '2023-07-16',
    daysToExpiry: -12,
    isOldRegistration: true,
    renewalId: null,
    renewalStatus: null,
  },
  {
    id: 10,
    registrationNo: '146/2082-83',
    businessName: 'Everest Stores',
    ownerName: 'Hari Shrestha',
    wardId: 2,
    wardNumber: 2,
    businessTypeId: 2,
    businessTypeNameEn: 'Wholesale',
    businessTypeNameNe: 'थोक',
    expiryDate: '2026-07-16',
    daysToExpiry: 5,
    isOldRegistration: false,
    renewalId: 15,
    renewalStatus: 'verified',
  },
];

describe('renewal list', () => {
  it('renders each row with its expiry in BS, a badge, and Renew or the renewal in progress', async () => {
    const api = mockApi({
      'GET /api/applications/renewals': () => jsonResponse(200, { data: rows, meta: { total: 2 } }),
      'GET /api/wards/all': ok([{ id: 1, number: 1, ...named('Ward 1', 'वडा १') }]),
      'GET /api/business-types/all': ok([{ id: 1, ...named('Retail shop', 'खुद्रा पसल') }]),
    });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: applicant });
    const table = await screen.findByRole('table', { name: 'Registrations due for renewal' });
    const first = (await within(table).findByText('Himal Traders')).closest('tr')!;
    expect(first).toHaveTextContent('145/2079-80');
    expect(first).toHaveTextContent('Retail shop');
    // 16 July 2023 AD = 31 Asar 2080 BS
    expect(first).toHaveTextContent('2080-03-31');
    expect(within(first).getByText('Expired 12 days ago')).toBeInTheDocument();
    expect(within(first).getByText('Old registration')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Renew' })).toHaveAttribute(
      'href',
      '/re-new-registration/9',
    );
    const second = within(table).getByText('Everest Stores').closest('tr')!;
    expect(within(second).getByText('Expires in 5 days')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Renewal in progress' })).toHaveAttribute(
      'href',
      '/business/applications/15/detail',
    );
    expect(within(second).queryByRole('link', { name: 'Renew' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Expiry'), 'expired');
    await waitFor(() => {
      const last = api.calls('GET', '/api/applications/renewals').at(-1)!;
      expect(JSON.parse(last.query.get('filters') ?? '{}')).toEqual({ state: 'expired' });
    });
  });

  it('writes the list in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'GET /api/applications/renewals': () => jsonResponse(200, { data: rows, meta: { total: 2 } }),
    });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: applicant });
    const row = (await screen.findByText('Himal Traders')).closest('tr')!;
    expect(within(row).getByText('१२ दिन अघि म्याद सकियो')).toBeInTheDocument();
    expect(row).toHaveTextContent('२०८०-०३-३१');
    expect(row).toHaveTextContent('खुद्रा पसल');
  });

  it('shows staff without renew permission no Renew button', async () => {
    mockApi({
      'GET /api/applications/renewals': () => jsonResponse(200, { data: rows, meta: { total: 2 } }),
    });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: wardAdmin });
    const row = (await screen.findByText('Himal Traders')).closest('tr')!;
    expect(within(row).queryByRole('link', { name: 'Renew' })).toBeNull();
  });
});

describe('renew page', () => {
  it('quotes the renewal, requires both scans and submits them', async () => {
    const registration = {
      ...detail,
      appStatus: 'approved',
      registrationNo: '145/2079-80',
      registrationDate: '2022-08-26',
      expiryDate: '2023-07-16',
      canRenew: true,
    };
    const api = mockApi({
      'GET /api/applications/9': ok(registration),
      'POST /api/applications/quote': ok({
        bill: { ...detail.estimate.bill, fine: 30000, total: 190000 },
        problem: null,
        timing: { monthsLate: 3, fiscalYearsDue: 4, renewedBeforeExpiry: false },
      }),
      'POST /api/applications/9/renew': () =>
        jsonResponse(201, { data: { id: 20, submissionNo: '2082-83-000020' } }),
    });
    const { container } = renderWithApp(<RenewPage />, {
      route: '/re-new-registration/9',
      path: '/re-new-registration/:id',
      profile: applicant,
    });
    const estimate = await screen.findByRole('region', { name: 'Fee estimate' });
    expect(await within(estimate).findByTestId('months-late')).toHaveTextContent('3');
    expect(within(estimate).getByTestId('years-due')).toHaveTextContent('4');
    const quote = api.calls('POST', '/api/applications/quote')[0].body!;
    expect(quote.get('renewalOf')).toBe('9');
    expect(quote.get('capitalCurrent')).toBe('300000');
    expect(quote.get('businessTypeId')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Submit renewal' }));
    expect(await screen.findAllByText('This filed is required')).toHaveLength(2);
    expect(api.calls('POST', '/api/applications/9/renew')).toHaveLength(0);

    await userEvent.upload(
      container.querySelector('input[name=renewProof]') as HTMLInputElement,
      new File(['x'], 'proof.png', { type: 'image/png' }),
    );
    await userEvent.upload(
      container.querySelector('input[name=oldCertificate]') as HTMLInputElement,
      new File(['x'], 'cert.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit renewal' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/renew')).toHaveLength(1));
    const body = api.calls('POST', '/api/applications/9/renew')[0].body!;
    expect((body.get('renewProof') as File).name).toBe('proof.png');
    expect((body.get('oldCertificate') as File).name).toBe('cert.pdf');
  });

  it('says when the registration cannot be renewed', async () => {
    mockApi({
      'GET /api/applications/9': ok({ ...detail, appStatus: 'approved', openRenewalId: 15 }),
    });
    renderWithApp(<RenewPage />, {
      route: '/re-new-registration/9',
      path: '/re-new-registration/:id',
      profile: applicant,
    });
    expect(await screen.findByText('This registration cannot be renewed now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the renewal in progress' })).toHaveAttribute(
      'href',
      '/business/applications/15/detail',
    );
    expect(screen.queryByRole('button', { name: 'Submit renewal' })).toBeNull();
  });
});
