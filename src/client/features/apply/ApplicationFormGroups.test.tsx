/**
 * Issue 4 parts of the application form: the owners list (at most 4, SPEC §5 text), the rent
 * group's required fields from the shared schema, and the edit page (pre-filled from the
 * detail, posted to POST /api/applications/{id}).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adToBs, formatBs } from '../../../shared/bs-date.js';
import { applicationCreateSchema } from '../../../shared/schemas/applications.js';
import { setLang } from '../../lib/i18n';
import { named, SINGLE_APPLICATION } from '../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicationForm } from './ApplicationForm';
import ApplicationDetailPage from '../registrations/ApplicationDetailPage';
import EditRegistrationPage from '../registrations/EditRegistrationPage';

const DATA: Record<string, unknown[]> = {
  '/api/business-types/all': [{ id: 1, ...named('Retail shop', 'खुद्रा पसल') }],
  '/api/states/all': [{ id: 3, ...named('Bagmati', 'बागमती') }],
  '/api/districts/all': [{ id: 29, stateId: 3, ...named('Kathmandu', 'काठमाडौं') }],
  '/api/cities/all': [{ id: 300, districtId: 29, wardCount: 10, ...named('Kirtipur', 'कीर्तिपुर') }],
  '/api/wards/all': [{ id: 5, number: 2, ...named('Ward 2', 'वडा २') }],
  '/api/required-files/all': [
    {
      id: 2,
      slug: 'passport-photo',
      ...named('Passport photo', 'पासपोर्ट फोटो'),
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
      kind: 'passport-photo',
      fileId: 41,
      mime: 'image/png',
      originalName: 'pp.png',
      sizeBytes: 100,
      checks: [],
      requiredFileId: 2,
      ...named('Passport photo', 'पासपोर्ट फोटो'),
    },
  ],
  history: [],
  payments: [],
  certificate: null,
  allowedActions: [],
};

/** What GET /api/applications/9 answers (a test may swap it). */
let answer: object = detail;
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  if (init?.method === 'POST' && url.pathname === '/api/applications/quote') {
    return jsonResponse(200, { data: { bill: null, problem: 'No tax band', timing: null } });
  }
  if (init?.method === 'POST') return jsonResponse(200, { data: { id: 9 } });
  if (url.pathname === '/api/applications/9') return jsonResponse(200, { data: answer });
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
  answer = detail;
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A complete single-owner application as the form sends it. */
const VALID = { kind: 'single', ...SINGLE_APPLICATION };

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

const ownerInputs = (container: HTMLElement) =>
  container.querySelectorAll('input[name^="owners."][name$=".name"]');

describe('owners list (multiple_registration)', () => {
  it('starts with 2 rows, takes 4, and refuses a 5th with the SPEC text', async () => {
    const { container } = renderWithApp(<ApplicationForm kind="multiple" />);
    expect(ownerInputs(container)).toHaveLength(2);
    const add = screen.getByRole('button', { name: 'Add owner' });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(ownerInputs(container)).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot add more than 4 names.');
    expect(ownerInputs(container)).toHaveLength(4);
    expect(container.querySelector('input[name="owners.3.fatherOrHusbandName"]')).not.toBeNull();
  });

  it('says it in Nepali too', async () => {
    await setLang('ne');
    const { container } = renderWithApp(<ApplicationForm kind="multiple" />);
    const add = screen.getByRole('button', { name: 'धनी थप्नुहोस्' });
    for (let i = 0; i < 3; i++) await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('तपाईं ४ भन्दा बढी नाम थप्न सक्नुहुन्न।');
    expect(ownerInputs(container)).toHaveLength(4);
  });
});

describe('rent information', () => {
  it('the shared schema requires landlord, monthly rent, period and purpose once any rent field is given', () => {
    const r = applicationCreateSchema.safeParse({ ...VALID, rentTole: 'Naya Bazar' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    for (const k of ['rentLandlordName', 'rentMonthly', 'rentTaxPeriodMonths', 'rentPurpose']) {
      expect(paths).toContain(k);
    }
  });

  it('shows those required errors on the fields of a partly filled rent group', async () => {
    const { container } = renderWithApp(<ApplicationForm />);
    await userEvent.click(screen.getByRole('switch', { name: 'The business premises are rented' }));
    await userEvent.type(container.querySelector('input[name=rentTole]')!, 'Naya Bazar');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    for (const k of ['rentLandlordName', 'rentMonthly', 'rentTaxPeriodMonths', 'rentPurpose']) {
      const field = container.querySelector(`[name=${k}]`)!;
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      const wrapper = field.closest('.mantine-InputWrapper-root') as HTMLElement;
      expect(within(wrapper).getByText('This filed is required')).toBeInTheDocument();
    }
    expect(container.querySelector('[name=rentTole]')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });
});

describe('edit-registration/{id}', () => {
  it('pre-fills the form from the detail and posts to POST /api/applications/{id}', async () => {
    const { container } = renderWithApp(<EditRegistrationPage />, {
      route: '/edit-registration/9',
      path: '/edit-registration/:id',
      profile: user as never,
    });
    const name = await screen.findByLabelText(/^Business name/);
    expect(name).toHaveValue('Himal Traders');
    const value = (k: string) =>
      (container.querySelector(`[name=${k}]`) as HTMLInputElement | null)?.value;
    // paisa → rupees, AD → BS
    expect(value('capitalMax')).toBe('500000');
    expect(value('capitalPaidUp')).toBe('200000.50');
    expect(value('rentMonthly')).toBe('15000');
    expect(value('rentStartDate')).toBe(formatBs(adToBs('2024-04-14'), 'en-US'));
    expect(screen.getByRole('switch', { name: 'The business premises are rented' })).toBeChecked();
    await waitFor(() => expect(value('permWardNo')).toBe('4'));
    expect(value('wardId')).toBe('5');
    // no photo or citizenship input (the profile's are used); a required file already on the
    // application is optional on edit
    expect(container.querySelector('input[name=photo]')).toBeNull();
    const passport = (await screen.findByLabelText(/^Passport photo/)).closest(
      '.mantine-InputWrapper-root',
    )!;
    expect(passport.querySelector('.mantine-InputWrapper-required')).toBeNull();
    expect(container.querySelector('input[type=file][name=doc_passport-photo]')).not.toBeNull();

    await userEvent.clear(name);
    await userEvent.type(name, 'Himal Traders Pvt');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

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
    expect(fd.has('doc_passport-photo')).toBe(false);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Updated Successfully' }),
      ),
    );
  });
});

describe('detail page (issue 4 groups)', () => {
  it('shows Edit when canEdit, the owners, rent, and the changes of an edit', async () => {
    const multiple = {
      ...detail,
      kind: 'multiple',
      owners: [
        { position: 2, name: 'Hari Shrestha', fatherOrHusbandName: 'Gopal', citizenshipNo: null },
        { position: 1, name: 'Sita Sharma', fatherOrHusbandName: 'Ram', citizenshipNo: '27-01' },
      ],
      history: [
        {
          id: 1,
          action: 'edit',
          fromStatus: 'rejected',
          toStatus: 'pending',
          remarks: null,
          createdAt: '2025-07-18T04:00:00.000Z',
          byName: 'Sita Sharma',
          byUserType: 'user',
          changes: { businessName: { from: 'Himal', to: 'Himal Traders' } },
        },
      ],
    };
    answer = multiple;
    renderWithApp(<ApplicationDetailPage />, {
      route: '/business/applications/9/detail',
      path: '/business/applications/:id/detail',
      profile: user as never,
    });
    const edit = await screen.findByRole('link', { name: 'Edit' });
    expect(edit).toHaveAttribute('href', '/edit-registration/9');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sita Sharma');
    expect(rows[2]).toHaveTextContent('Hari Shrestha');
    expect(screen.getByText('Hari Shrestha', { selector: 'dd > span' })).toBeInTheDocument();
    expect(screen.getByText('Rs. 15,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /History/ }));
    expect(await screen.findByText('Business name: Himal → Himal Traders')).toBeInTheDocument();
  });
});
