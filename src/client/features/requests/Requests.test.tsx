/**
 * Issue 19 §1–3 on the client: the amendment form (prefilled, validated with the shared schema,
 * "nothing changed", the JSON body with capital growth, a ward transfer and several owners), the
 * closure and duplicate forms (validation, payload), and the detail page's parts — the request
 * buttons per `canRequest`, the request's banner with its before/after table in English and
 * Nepali, a closed registration, the duplicates' log.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/auth.js';
import { setLang } from '../../lib/i18n';
import { named } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicationCard } from '../home/ApplicationCard';
import ApplicationDetailPage from '../registrations/ApplicationDetailPage';
import AmendPage from './AmendPage';
import ClosePage from './ClosePage';
import DuplicatePage from './DuplicatePage';

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
    'amend-applications',
    'close-applications',
    'duplicate-certificates',
  ],
};
const ok = (data: unknown) => () => jsonResponse(200, { data });
const created = (id: number, submissionNo: string) => () =>
  jsonResponse(201, { data: { id, submissionNo }, message: 'Application Successfully Submitted!' });

/** An approved single-owner registration as GET /api/applications/9 answers it. */
const registration = {
  id: 9,
  kind: 'single',
  service: 'registration',
  subjectId: null,
  appStatus: 'approved',
  submissionNo: '2082-83-000009',
  registrationNo: '145/2082-83',
  registrationDate: '2025-08-01',
  expiryDate: '2026-07-16',
  submissionDate: '2025-07-17',
  businessName: 'Himal Traders',
  ownerName: 'Sita Sharma',
  fatherOrHusbandName: 'Ram Sharma',
  firmName: null,
  description: null,
  isRenewal: false,
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
  wardId: 11,
  businessType: named('Retail shop', 'खुद्रा पसल'),
  ward: { id: 11, number: 1, ...named('Kirtipur centre', 'कीर्तिपुर केन्द्र') },
  permState: named('Bagmati', 'बागमती'),
  permDistrict: named('Kathmandu', 'काठमाडौं'),
  permCity: named('Kirtipur', 'कीर्तिपुर'),
  fiscalYear: null,
  bill: null,
  estimate: null,
  documents: [],
  history: [],
  payments: [],
  owners: [],
  certificate: {
    id: 5,
    registrationNo: '145/2082-83',
    verifyCode: 'ABCD',
    revoked: false,
    kind: 'issue',
  },
  allowedActions: [],
  canRenew: false,
  openRenewalId: null,
  renewalOf: null,
  subject: null,
  openRequests: {},
  duplicates: [],
  canRequest: ['amendment', 'closure', 'duplicate'],
  closedOn: null,
};
const lists = {
  'GET /api/business-types/all': ok([
    { id: 1, ...named('Retail shop', 'खुद्रा पसल') },
    { id: 2, ...named('Tea shop', 'चिया पसल') },
  ]),
  'GET /api/wards/all': ok([
    { id: 11, number: 1, ...named('Kirtipur centre', 'कीर्तिपुर केन्द्र') },
    { id: 12, number: 2, ...named('Naya Bazar', 'नयाँ बजार') },
  ]),
};

resetEachTest();

/** Replaces a field's text (pasted: one event, not one per key). */
async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}

const renderAt = (ui: React.ReactElement, page: string, profile: User = applicant) =>
  renderWithApp(ui, {
    route: `/business/applications/9/${page}`,
    path: `/business/applications/:id/${page}`,
    profile,
  });

describe('amendment form', () => {
  it('starts from the registration, refuses "nothing changed", and sends the amended sections', async () => {
    const api = mockApi({
      'GET /api/applications/9': ok(registration),
      ...lists,
      'POST /api/applications/9/amendment': created(30, '2082-83-000030'),
    });
    const { container } = renderAt(<AmendPage />, 'amend');
    const capital = await screen.findByRole('textbox', { name: /Current capital/ });
    expect(capital).toHaveValue('300000');
    expect(container.querySelector('select[name=wardId]')).toHaveValue('11');
    expect(screen.getByRole('textbox', { name: /Business name/ })).toHaveValue('Himal Traders');

    // nothing changed: said at once, nothing sent
    await userEvent.click(screen.getByRole('button', { name: 'Submit amendment' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Change at least one detail.',
    );
    expect(api.calls('POST', '/api/applications/9/amendment')).toHaveLength(0);

    // capital growth out of order: the shared schema's rule, at the field
    await fill(capital, '900000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit amendment' }));
    expect(await screen.findByText(/must not exceed current capital/)).toBeVisible();
    expect(api.calls('POST', '/api/applications/9/amendment')).toHaveLength(0);

    // capital growth + ward transfer + several owners
    const max = screen.getByRole('textbox', { name: /Maximum capital/ });
    await fill(max, '9,00,000');
    await userEvent.selectOptions(container.querySelector('select[name=wardId]')!, '12');
    await userEvent.click(screen.getByRole('switch', { name: /several owners/ }));
    const names = await screen.findAllByRole('textbox', { name: /^Owner name/ });
    expect(names[0]).toHaveValue('Sita Sharma');
    await fill(names[1], 'Gita Thapa');
    const fathers = screen.getAllByRole('textbox', { name: /Father's or husband's name/ });
    await fill(fathers[1], 'Hari Thapa');
    await fill(screen.getByRole('textbox', { name: /Remarks/ }), 'Moved to Naya Bazar');
    await userEvent.click(screen.getByRole('button', { name: 'Submit amendment' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/amendment')).toHaveLength(1));
    const body = api.calls('POST', '/api/applications/9/amendment')[0].json as Record<
      string,
      string
    >;
    expect(body).toMatchObject({
      kind: 'multiple',
      capitalMax: '9,00,000',
      capitalCurrent: '900000',
      capitalPaidUp: '200000',
      wardId: '12',
      businessTypeId: '1',
      businessName: 'Himal Traders',
      locAddress: 'Mangal Bazar',
      ownerName: 'Sita Sharma',
      remarks: 'Moved to Naya Bazar',
    });
    expect(JSON.parse(body.owners)).toEqual([
      { name: 'Sita Sharma', fatherOrHusbandName: 'Ram Sharma' },
      { name: 'Gita Thapa', fatherOrHusbandName: 'Hari Thapa' },
    ]);
    // no field outside the amendable sections is sent
    expect(body).not.toHaveProperty('locMobile');
    expect(body).not.toHaveProperty('permStateId');
  });

  it('says why when the registration cannot be amended now, linking the request in progress', async () => {
    mockApi({
      'GET /api/applications/9': ok({
        ...registration,
        canRequest: ['closure', 'duplicate'],
        openRequests: { amendment: 31 },
      }),
      ...lists,
    });
    renderAt(<AmendPage />, 'amend');
    expect(await screen.findByText('This request cannot be made now.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View the request in progress' })).toHaveAttribute(
      'href',
      '/business/applications/31/detail',
    );
    expect(screen.queryByRole('button', { name: 'Submit amendment' })).toBeNull();
  });
});

describe('closure and duplicate forms', () => {
  it('closure: requires the reason, then posts reason and remarks', async () => {
    const api = mockApi({
      'GET /api/applications/9': ok(registration),
      'POST /api/applications/9/closure': created(32, '2082-83-000032'),
    });
    renderAt(<ClosePage />, 'close');
    expect(await screen.findByText(/arrears of missed renewals and the closure fee/)).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit closure request' }));
    expect(await screen.findByText('This filed is required')).toBeVisible();
    expect(api.calls('POST', '/api/applications/9/closure')).toHaveLength(0);
    await fill(screen.getByRole('textbox', { name: /Why is the business closing/ }), 'Retiring');
    await userEvent.click(screen.getByRole('button', { name: 'Submit closure request' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/closure')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/9/closure')[0].json).toEqual({
      reason: 'Retiring',
      remarks: '',
    });
  });

  it('duplicate: a reason is chosen, "other" needs details; posts reason and details', async () => {
    const api = mockApi({
      'GET /api/applications/9': ok(registration),
      'POST /api/applications/9/duplicate': created(33, '2082-83-000033'),
    });
    const { container } = renderAt(<DuplicatePage />, 'duplicate');
    const submit = await screen.findByRole('button', { name: 'Request duplicate' });
    await userEvent.click(submit);
    expect(await screen.findByText('Choose a valid option')).toBeVisible();
    await userEvent.selectOptions(container.querySelector('select[name=reason]')!, 'other');
    await userEvent.click(submit);
    expect(await screen.findByText('This filed is required')).toBeVisible();
    expect(api.calls('POST', '/api/applications/9/duplicate')).toHaveLength(0);
    await userEvent.selectOptions(container.querySelector('select[name=reason]')!, 'lost');
    await fill(screen.getByRole('textbox', { name: /Details/ }), 'Lost in a move');
    await userEvent.click(submit);
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/duplicate')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/9/duplicate')[0].json).toEqual({
      reason: 'lost',
      details: 'Lost in a move',
    });
  });
});

/** An amendment request about registration 9, as its detail answers it. */
const amendment = {
  ...registration,
  id: 30,
  service: 'amendment',
  subjectId: 9,
  appStatus: 'pending',
  registrationNo: '145/2082-83',
  certificate: null,
  canRequest: [],
  canEdit: false,
  allowedActions: ['cancel'],
  subject: {
    id: 9,
    registrationNo: '145/2082-83',
    businessName: 'Himal Traders',
    expiryDate: '2026-07-16',
    appStatus: 'approved',
  },
  serviceData: {
    service: 'amendment',
    sections: ['capital', 'owners', 'location'],
    changes: {
      capitalCurrent: { from: 30000000, to: 80000000 },
      wardId: {
        from: { id: 11, number: 1, ...named('Kirtipur centre', 'कीर्तिपुर केन्द्र') },
        to: { id: 12, number: 2, ...named('Naya Bazar', 'नयाँ बजार') },
      },
      kind: { from: 'single', to: 'multiple' },
      owners: {
        from: [],
        to: [
          { name: 'Sita Sharma', fatherOrHusbandName: 'Ram Sharma', citizenshipNo: null },
          { name: 'Gita Thapa', fatherOrHusbandName: 'Hari Thapa', citizenshipNo: null },
        ],
      },
    },
  },
};

const renderDetail = (id: number) =>
  renderWithApp(<ApplicationDetailPage />, {
    route: `/business/applications/${id}/detail`,
    path: '/business/applications/:id/detail',
    profile: applicant,
  });

describe('detail page', () => {
  it('offers the requests per canRequest and links those in progress', async () => {
    mockApi({
      'GET /api/applications/9': ok({
        ...registration,
        canRequest: ['closure', 'duplicate'],
        openRequests: { amendment: 30 },
      }),
    });
    renderDetail(9);
    expect(await screen.findByRole('link', { name: 'Close business' })).toHaveAttribute(
      'href',
      '/business/applications/9/close',
    );
    expect(screen.getByRole('link', { name: 'Duplicate certificate' })).toHaveAttribute(
      'href',
      '/business/applications/9/duplicate',
    );
    expect(screen.queryByRole('link', { name: 'Amend' })).toBeNull();
    expect(screen.getByRole('link', { name: /Amendment in progress/ })).toHaveAttribute(
      'href',
      '/business/applications/30/detail',
    );
  });

  it("an amendment's banner links the registration and compares before and after", async () => {
    mockApi({ 'GET /api/applications/30': ok(amendment) });
    renderDetail(30);
    expect(await screen.findByTestId('request-banner')).toHaveTextContent(
      'Amendment of registration 145/2082-83',
    );
    expect(screen.getByRole('link', { name: /Himal Traders/ })).toHaveAttribute(
      'href',
      '/business/applications/9/detail',
    );
    const table = screen.getByTestId('changes-table');
    const row = (field: string) => table.querySelector(`tr[data-field=${field}]`) as HTMLElement;
    expect(row('capitalCurrent')).toHaveTextContent(/Current capital.*Rs\.? ?3,00,000.*8,00,000/);
    expect(row('wardId')).toHaveTextContent('Ward 1 Kirtipur centreWard 2 Naya Bazar');
    expect(row('kind')).toHaveTextContent('OwnershipSingle ownerSeveral owners');
    expect(within(row('owners')).getAllByRole('listitem')).toHaveLength(2);
    expect(row('owners')).toHaveTextContent('None (single owner)');
    // the applicant cannot edit a request; cancel stays
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('in Nepali: the labels, rupees and digits', async () => {
    await setLang('ne');
    mockApi({ 'GET /api/applications/30': ok(amendment) });
    renderDetail(30);
    expect(await screen.findByTestId('request-banner')).toHaveTextContent(
      'दर्ता नं. १४५/२०८२-८३ को संशोधन',
    );
    const table = screen.getByTestId('changes-table');
    expect(within(table).getByRole('columnheader', { name: 'पहिले' })).toBeVisible();
    const capital = table.querySelector('tr[data-field=capitalCurrent]') as HTMLElement;
    expect(capital).toHaveTextContent('८,००,०००');
    expect(table.querySelector('tr[data-field=wardId]')).toHaveTextContent('वडा २ नयाँ बजार');
  });

  it('a closed registration shows the status with its date and no actions; the duplicates log', async () => {
    mockApi({
      'GET /api/applications/9': ok({
        ...registration,
        appStatus: 'closed',
        closedOn: '2025-12-01',
        canRequest: [],
        duplicates: [
          {
            certificateId: 7,
            issuedAt: '2025-10-01T05:00:00.000Z',
            requestId: 33,
            submissionNo: '2082-83-000033',
            reason: 'lost',
            details: 'Lost in a move',
          },
        ],
      }),
    });
    renderDetail(9);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Closed');
    expect(notice).toHaveTextContent(/Closed on \d{4}-\d{2}-\d{2}/);
    expect(screen.queryByRole('button', { name: 'Download certificate' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Amend' })).toBeNull();
    const log = screen.getByTestId('duplicates-log');
    expect(log).toHaveTextContent('Lost');
    expect(within(log).getByRole('link', { name: '2082-83-000033' })).toHaveAttribute(
      'href',
      '/business/applications/33/detail',
    );
  });
});

describe('service badge', () => {
  it("a request's home card names what it asks for; a registration's does not", () => {
    mockApi({});
    const card = {
      state: 'closed',
      tone: 'over',
      action: { kind: 'view', to: '/x' },
      rank: 3,
    } as const;
    renderWithApp(
      <ul>
        <ApplicationCard business="Himal Traders" card={card} service="closure" />
        <ApplicationCard business="Annapurna Bakery" card={card} service="registration" />
      </ul>,
    );
    expect(screen.getAllByTestId('service-badge')).toHaveLength(1);
    expect(screen.getByTestId('service-badge')).toHaveTextContent('Closure');
    expect(screen.getAllByText('Closed')).toHaveLength(2);
  });
});
