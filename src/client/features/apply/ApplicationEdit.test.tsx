/**
 * Editing an application in steps (issue 4's edit page, ported to issue 17's steps): the
 * detail fills the form (paisa → rupees, AD → BS), the edit opens on "check your answers",
 * a document already on the application is optional, and the form posts to
 * POST /api/applications/{id}. Also the multiple-owner limit's message in Nepali.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adToBs, formatBs } from '../../../shared/bs-date.js';
import { setLang } from '../../lib/i18n';
import { named } from '../../test/fixtures';
import { jsonResponse, renderForm, renderWithApp } from '../../test/render';
import EditRegistrationPage from '../registrations/EditRegistrationPage';
import { ApplicationForm } from './ApplicationForm';

const DATA: Record<string, unknown[]> = {
  '/api/business-types/all': [{ id: 1, ...named('Retail shop', 'खुद्रा पसल') }],
  '/api/states/all': [{ id: 3, ...named('Bagmati', 'बागमती') }],
  '/api/districts/all': [{ id: 29, stateId: 3, ...named('Kathmandu', 'काठमाडौं') }],
  '/api/cities/all': [{ id: 300, districtId: 29, wardCount: 10, ...named('Kirtipur', 'कीर्तिपुर') }],
  '/api/wards/all': [{ id: 5, number: 2, ...named('Ward 2', 'वडा २') }],
  '/api/required-files/all': [
    {
      id: 5,
      slug: 'lalpurja',
      ...named('Lalpurja', 'लालपुर्जा'),
      requiredIn: 'both',
      isRequired: true,
    },
  ],
};

const detail = {
  id: 9,
  kind: 'single',
  canEdit: true,
  appStatus: 'rejected',
  submissionNo: '2082-83-000009',
  registrationNo: null,
  registrationDate: null,
  expiryDate: null,
  submissionDate: '2025-07-17',
  businessName: 'Himal Traders',
  ownerName: 'Sita Sharma',
  fatherOrHusbandName: 'Ram Sharma',
  businessTypeId: 1,
  firmName: null,
  description: null,
  isRenewal: false,
  permStateId: 3,
  permDistrictId: 29,
  permCityId: 300,
  permWardNo: 4,
  permTole: null,
  permChowk: null,
  wardId: 5,
  locAddress: 'Mangal Bazar',
  locTole: null,
  locMobile: '9841000001',
  capitalMax: 50000000,
  capitalCurrent: 30000000,
  capitalPaidUp: 20000050,
  cardLength: 30,
  cardWidth: 20,
  applicantName: 'Sita Sharma',
  applicantAddress: 'Kirtipur-4',
  applicantContact: '9841000001',
  rentLandlordName: 'Hari Shrestha',
  rentMonthly: 1500000,
  rentTaxPeriodMonths: 12,
  rentPurpose: 'commercial',
  rentStartDate: '2024-04-14',
  isOldRegistration: false,
  oldRegistrationNo: null,
  oldRegistrationDate: null,
  owners: [],
  createdAt: '2025-07-17T04:00:00.000Z',
  businessType: named('Retail shop', 'खुद्रा पसल'),
  ward: { id: 5, number: 2, ...named('Ward 2', 'वडा २') },
  permState: named('Bagmati', 'बागमती'),
  permDistrict: named('Kathmandu', 'काठमाडौं'),
  permCity: named('Kirtipur', 'कीर्तिपुर'),
  fiscalYear: null,
  bill: null,
  documents: [
    {
      id: 31,
      kind: 'lalpurja',
      fileId: 41,
      mime: 'application/pdf',
      originalName: 'l.pdf',
      sizeBytes: 100,
      checks: [],
      requiredFileId: 5,
      ...named('Lalpurja', 'लालपुर्जा'),
    },
  ],
  history: [],
  payments: [],
  certificate: null,
  allowedActions: [],
};

const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  if (init?.method === 'POST' && url.pathname === '/api/applications/quote') {
    return jsonResponse(200, { data: { bill: null, problem: 'No tax band', timing: null } });
  }
  if (init?.method === 'POST') return jsonResponse(200, { data: { id: 9 } });
  if (url.pathname === '/api/applications/9') return jsonResponse(200, { data: detail });
  return jsonResponse(200, { data: DATA[url.pathname] ?? [] });
});
/** The POSTs that save the application (not the fee quotes). */
const posts = () =>
  fetchMock.mock.calls.filter(
    ([u, init]) => init?.method === 'POST' && !String(u).endsWith('/quote'),
  );

beforeEach(async () => {
  await setLang('en-US');
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = {
  id: 3,
  name: 'Sita Sharma',
  username: 'sita',
  phone: '9841000001',
  email: null,
  gender: 'female',
  userType: 'user',
  wardId: null,
  photoFileId: 1,
  citizenshipFileId: 2,
  lang: 'en-US',
  roles: ['user'],
  permissions: ['view-applications', 'create-applications', 'edit-applications'],
} as const;

const indicator = (text: string) =>
  waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent(text));

describe('edit-registration/{id} in steps', () => {
  it('opens on check your answers with the stored values, and posts the change to POST /api/applications/{id}', async () => {
    const u = userEvent.setup();
    const { container } = renderWithApp(<EditRegistrationPage />, {
      route: '/edit-registration/9',
      path: '/edit-registration/:id',
      profile: user as never,
    });
    await indicator('Step 6 of 6: Check your answers');
    // paisa → rupees, names of the chosen options
    expect(await screen.findByText('Himal Traders')).toBeInTheDocument();
    expect(screen.getByText('Rs. 5,00,000.00')).toBeInTheDocument();
    expect(screen.getByText('Rs. 15,000.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Kirtipur')).toBeInTheDocument());
    const value = (k: string) =>
      (container.querySelector(`[name=${k}]`) as HTMLInputElement | null)?.value;

    await u.click(screen.getByRole('button', { name: 'Change Business name' }));
    await indicator('Step 1 of 6: Business');
    const name = screen.getByLabelText(/^Business name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue('Himal Traders');
    await u.clear(name);
    await u.type(name, 'Himal Traders Pvt');
    const cont = () => u.click(screen.getByRole('button', { name: 'Continue' }));
    await cont();
    await indicator('Step 2 of 6: Owners');
    await cont();
    await indicator('Step 3 of 6: Addresses');
    await waitFor(() => expect(value('permWardNo')).toBe('4'));
    expect(value('wardId')).toBe('5');
    await cont();
    await indicator('Step 4 of 6: Capital and premises');
    expect(value('capitalMax')).toBe('500000');
    expect(value('capitalPaidUp')).toBe('200000.50');
    expect(value('rentMonthly')).toBe('15000');
    expect(value('rentStartDate')).toBe(formatBs(adToBs('2024-04-14'), 'en-US'));
    expect(screen.getByRole('switch', { name: 'The business premises are rented' })).toBeChecked();
    await cont();
    await indicator('Step 5 of 6: Documents');
    // a document already on the application need not be sent again; no profile documents
    const lalpurja = (await screen.findByLabelText(/^Lalpurja/)).closest(
      '.mantine-InputWrapper-root',
    )!;
    expect(lalpurja.querySelector('.mantine-InputWrapper-required')).toBeNull();
    expect(container.querySelector('input[type=file][name=doc_lalpurja]')).not.toBeNull();
    expect(container.querySelector('input[name=photo]')).toBeNull();
    await cont();
    await indicator('Step 6 of 6: Check your answers');
    expect(screen.getByText('Himal Traders Pvt')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/applications/9');
    const fd = init!.body as FormData;
    expect(fd.get('businessName')).toBe('Himal Traders Pvt');
    expect(fd.get('kind')).toBe('single');
    expect(fd.get('capitalMax')).toBe('500000');
    expect(fd.get('rentStartDate')).toBe('2024-04-14');
    expect(fd.get('rentPurpose')).toBe('commercial');
    expect(fd.get('isOldRegistration')).toBe('0');
    expect(fd.has('photo')).toBe(false);
    expect(fd.has('doc_lalpurja')).toBe(false);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Updated Successfully' }),
      ),
    );
  });
});

describe('owners list (multiple_registration)', () => {
  const ownerInputs = (c: HTMLElement) =>
    c.querySelectorAll('input[name^="owners."][name$=".name"]');

  it('starts with 2 rows, takes 4, and refuses a 5th in Nepali', async () => {
    await setLang('ne');
    const u = userEvent.setup();
    const { container } = await renderForm(<ApplicationForm kind="multiple" />, {
      route: '/?step=owners',
      profile: user as never,
    });
    const add = await screen.findByRole('button', { name: 'धनी थप्नुहोस्' });
    expect(ownerInputs(container)).toHaveLength(2);
    await u.click(add);
    await u.click(add);
    expect(ownerInputs(container)).toHaveLength(4);
    await u.click(add);
    expect(await screen.findByText('तपाईं ४ भन्दा बढी नाम थप्न सक्नुहुन्न।')).toBeInTheDocument();
    expect(ownerInputs(container)).toHaveLength(4);
    expect(container.querySelector('input[name="owners.3.fatherOrHusbandName"]')).not.toBeNull();
    expect(within(container).queryByText('You cannot add more than 4 names.')).toBeNull();
  });
});

describe("check your answers: the profile's documents", () => {
  /** The row of `label` in the summary list: its <div> with <dt> and <dd>. */
  const rowOf = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

  it('shows the photo and citizenship as coming from your profile, with no Change', async () => {
    await renderForm(<ApplicationForm />, { route: '/?step=check', profile: user as never });
    await indicator('Step 6 of 6: Check your answers');
    const row = rowOf('Photo and citizenship certificate');
    expect(within(row).getByText('From your profile', { selector: 'dd' })).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change Photo and citizenship/ })).toBeNull();
    // the other documents keep their Change
    expect(await screen.findByRole('button', { name: 'Change Lalpurja' })).toBeInTheDocument();
  });

  it("says in Nepali that an officer's edit uses the applicant's profile", async () => {
    await setLang('ne');
    const officer = { ...user, id: 8, userType: 'wardadmin', permissions: ['edit-applications'] };
    await renderForm(
      <ApplicationForm mode="edit" applicationId={9} existingKinds={['lalpurja']} />,
      {
        route: '/?step=check',
        profile: officer as never,
      },
    );
    await indicator('चरण ६ / ६');
    const row = rowOf('फोटो र नागरिकता प्रमाणपत्र');
    expect(within(row).getByText('निवेदकको प्रोफाइलबाट', { selector: 'dd' })).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
