/**
 * The application form: validated with the shared schema (SPEC §5 messages), dropdowns from
 * the API with cascading address selects, the required files of the setup as `doc_<slug>`
 * inputs, client-side file size check, multipart submit, and the fee estimate.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { SINGLE_APPLICATION } from '../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicationForm } from './SingleRegistrationPage';

const DATA: Record<string, unknown[]> = {
  '/api/business-types/all': [{ id: 1, nameEn: 'Retail shop', nameNe: 'खुद्रा पसल' }],
  '/api/states/all': [{ id: 3, nameEn: 'Bagmati', nameNe: 'बागमती' }],
  '/api/districts/all': [{ id: 29, stateId: 3, nameEn: 'Kathmandu', nameNe: 'काठमाडौं' }],
  '/api/cities/all': [
    { id: 300, districtId: 29, nameEn: 'Kirtipur', nameNe: 'कीर्तिपुर', wardCount: 10 },
  ],
  '/api/wards/all': [{ id: 5, number: 2, nameEn: 'Ward 2', nameNe: 'वडा २' }],
  '/api/required-files/all': [
    {
      id: 1,
      slug: 'citizenship-front',
      nameEn: 'Citizenship (front)',
      nameNe: 'नागरिकता (अगाडि)',
      requiredIn: 'create',
      isRequired: true,
    },
    {
      id: 2,
      slug: 'passport-photo',
      nameEn: 'Passport photo',
      nameNe: 'पासपोर्ट फोटो',
      requiredIn: 'both',
      isRequired: true,
    },
    {
      id: 3,
      slug: 'rent-agreement',
      nameEn: 'Rent agreement',
      nameNe: 'भाडा सम्झौता',
      requiredIn: 'create',
      isRequired: false,
    },
    {
      id: 4,
      slug: 'tax-clearance',
      nameEn: 'Tax clearance',
      nameNe: 'कर चुक्ता',
      requiredIn: 'update',
      isRequired: true,
    },
  ],
};

const BILL = {
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
};

/** What POST /api/applications answers (a test may swap it). */
let createAnswer: () => Response = () =>
  jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  if (init?.method === 'POST' && url.pathname === '/api/applications/quote') {
    const fd = init.body as FormData;
    // A capital outside every band: no bill, the server's reason instead.
    if (fd.get('capitalCurrent') === '99999999') {
      return jsonResponse(200, {
        data: { bill: null, problem: 'No tax band covers this capital.', timing: null },
      });
    }
    return jsonResponse(200, { data: { bill: BILL, problem: null, timing: null } });
  }
  if (init?.method === 'POST') return createAnswer();
  return jsonResponse(200, { data: DATA[url.pathname] ?? [] });
});
/** The POSTs that submit the application (not the fee quotes). */
const submits = () =>
  fetchMock.mock.calls.filter(
    ([u, init]) => init?.method === 'POST' && !String(u).endsWith('/quote'),
  );
const applicant = {
  id: 3,
  name: 'Sita Sharma',
  username: 'sita',
  phone: '9841000001',
  email: null,
  gender: 'female' as const,
  userType: 'user' as const,
  wardId: null,
  photoFileId: 11,
  citizenshipFileId: 12,
  lang: 'en-US' as const,
  roles: ['user'],
  permissions: ['view-applications', 'create-applications', 'renew-applications'],
};

beforeEach(async () => {
  await setLang('en-US');
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  createAnswer = () => jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The wrapper (label, input, error) of the input labelled `label`. A file input's own
 * `<input type=file>` is hidden outside it; its visible part is a button with the label.
 */
const field = (label: RegExp) =>
  screen.getByLabelText(label).closest('.mantine-InputWrapper-root') as HTMLElement;
/** The label carries the required asterisk. */
const marked = (label: RegExp) => field(label).querySelector('.mantine-InputWrapper-required');

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

describe('ApplicationForm', () => {
  it("shows 'This filed is required' when submitted empty", async () => {
    const { container } = renderWithApp(<ApplicationForm />);
    // The documents group must be there before submitting: its required files are checked too.
    await screen.findByText('Passport photo');
    await submit();
    const required = await screen.findAllByText('This filed is required');
    // every required text field, select and required file
    expect(required.length).toBeGreaterThanOrEqual(15);
    const name = screen.getByLabelText(/^Business name/);
    expect(name).toHaveAttribute('name', 'businessName');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    for (const label of [/^Citizenship \(front\)/, /^Passport photo/]) {
      expect(within(field(label)).getByText('This filed is required')).toBeInTheDocument();
    }
    // an optional file is not asked for
    expect(within(field(/^Rent agreement/)).queryByText('This filed is required')).toBeNull();
    // the photo and citizenship certificate come from the profile, not from this form
    expect(container.querySelector('input[name=photo]')).toBeNull();
    expect(container.querySelector('input[name=citizenship]')).toBeNull();
    expect(submits()).toHaveLength(0);
  });

  it("shows 'This filed should be numbe only' for non-numeric capital", async () => {
    renderWithApp(<ApplicationForm />);
    const capital = screen.getByLabelText(/^Maximum capital/);
    expect(capital).toHaveAttribute('name', 'capitalMax');
    await userEvent.type(capital, 'abc');
    await submit();
    const field = capital.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(field).findByText('This filed should be numbe only')).toBeInTheDocument();
  });

  it('rejects a file over 5 MB on the client', async () => {
    const { container } = renderWithApp(<ApplicationForm />);
    await screen.findByText('Passport photo');
    const input = container.querySelector(
      'input[type=file][name=doc_passport-photo]',
    ) as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
  });

  it('cascades the address selects and submits multipart with rupees as typed', async () => {
    const { container } = renderWithApp(<ApplicationForm />, { route: '/single_registration' });
    const u = userEvent.setup();
    const fill = async (label: RegExp, value: string) =>
      u.type(screen.getByLabelText(label), value);
    const choose = async (label: RegExp, option: string) => {
      const select = screen.getByLabelText(label);
      await waitFor(() =>
        expect(within(select).getByRole('option', { name: option })).toBeInTheDocument(),
      );
      await u.selectOptions(select, option);
    };

    await fill(/^Business name/, 'Himal Traders');
    await fill(/^Business owner name/, 'Sita Sharma');
    await fill(/^Father's or husband's name/, 'Ram Sharma');
    await choose(/^Business type/, 'Retail shop');
    await choose(/^Province/, 'Bagmati');
    await choose(/^District/, 'Kathmandu');
    await choose(/^Municipality/, 'Kirtipur');
    await choose(/^Ward number/, '10');
    await choose(/^Ward(?! number)/, '2 — Ward 2');
    await fill(/^Address/, 'Naya Bazar');
    await fill(/^Mobile number/, '9841000000');
    await fill(/^Maximum capital/, '500000');
    await fill(/^Current capital/, '300000');
    await fill(/^Paid-up capital/, '१००००० ');
    await fill(/^Applicant name/, 'Sita Sharma');
    await fill(/^Applicant address/, 'Kirtipur-10');
    await fill(/^Applicant contact number/, '9841000000');
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    const scan = new File(['pdf'], 'cz.pdf', { type: 'application/pdf' });
    await u.upload(
      container.querySelector('input[type=file][name=doc_passport-photo]') as HTMLInputElement,
      photo,
    );
    await u.upload(
      container.querySelector('input[type=file][name=doc_citizenship-front]') as HTMLInputElement,
      scan,
    );
    await submit();

    await waitFor(() => expect(submits()).toHaveLength(1));
    const [url, init] = submits()[0];
    expect(url).toBe('/api/applications');
    const fd = init!.body as FormData;
    expect(fd.get('businessName')).toBe('Himal Traders');
    expect(fd.get('permCityId')).toBe('300');
    expect(fd.get('permWardNo')).toBe('10');
    expect(fd.get('wardId')).toBe('5');
    // rupees as typed: the server converts to paisa itself
    expect(fd.get('capitalMax')).toBe('500000');
    expect(fd.get('capitalPaidUp')).toBe('१०००००');
    expect(fd.has('firmName')).toBe(false);
    expect((fd.get('doc_passport-photo') as File).name).toBe('me.png');
    expect((fd.get('doc_citizenship-front') as File).name).toBe('cz.pdf');
    expect(fd.has('doc_rent-agreement')).toBe(false);
    expect(fd.has('photo')).toBe(false);
    expect(fd.has('citizenship')).toBe(false);
    const districtsCall = fetchMock.mock.calls.find(([u]) =>
      String(u).startsWith('/api/districts/all'),
    );
    expect(decodeURIComponent(String(districtsCall![0]))).toContain('filters={"stateId":3}');
  });

  it('sends one Idempotency-Key per submission: the same on a retry after a dropped connection', async () => {
    sessionStorage.clear();
    const { container } = renderWithApp(<ApplicationForm />, { route: '/single_registration' });
    const u = userEvent.setup();
    const fill = async (label: RegExp, value: string) =>
      u.type(screen.getByLabelText(label), value);
    const choose = async (label: RegExp, option: string) => {
      const select = screen.getByLabelText(label);
      await waitFor(() =>
        expect(within(select).getByRole('option', { name: option })).toBeInTheDocument(),
      );
      await u.selectOptions(select, option);
    };
    await fill(/^Business name/, 'Himal Traders');
    await fill(/^Business owner name/, 'Sita Sharma');
    await fill(/^Father's or husband's name/, 'Ram Sharma');
    await choose(/^Business type/, 'Retail shop');
    await choose(/^Province/, 'Bagmati');
    await choose(/^District/, 'Kathmandu');
    await choose(/^Municipality/, 'Kirtipur');
    await choose(/^Ward number/, '10');
    await choose(/^Ward(?! number)/, '2 — Ward 2');
    await fill(/^Address/, 'Naya Bazar');
    await fill(/^Mobile number/, '9841000000');
    await fill(/^Maximum capital/, '500000');
    await fill(/^Current capital/, '300000');
    await fill(/^Paid-up capital/, '100000');
    await fill(/^Applicant name/, 'Sita Sharma');
    await fill(/^Applicant address/, 'Kirtipur-10');
    await fill(/^Applicant contact number/, '9841000000');
    const file = (name: string) => container.querySelector(`input[type=file][name=${name}]`)!;
    const png = new File(['png'], 'me.png', { type: 'image/png' });
    const pdf = new File(['pdf'], 'cz.pdf', { type: 'application/pdf' });
    await u.upload(file('doc_passport-photo') as HTMLInputElement, png);
    await u.upload(file('doc_citizenship-front') as HTMLInputElement, pdf);
    const keyOf = (i: number) => new Headers(submits()[i][1]!.headers).get('Idempotency-Key') ?? '';

    // The first answer never arrives (the connection dropped); the server may have saved it.
    createAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);

    // The retry of the same form carries the same key, so the server answers the first one.
    createAnswer = () => jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));
    // after the success the key is forgotten: the next submission gets a new one
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  }, 60_000);

  it('labels dropdown options in Nepali when the language is ne', async () => {
    await setLang('ne');
    renderWithApp(<ApplicationForm />);
    expect(await screen.findByRole('option', { name: 'खुद्रा पसल' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: '२ — वडा २' })).toBeInTheDocument();
  });

  it('offers the files required on create, and on edit only those required on update', async () => {
    const create = renderWithApp(<ApplicationForm />);
    await screen.findByText('Passport photo');
    const names = (c: HTMLElement) =>
      [...c.querySelectorAll('input[type=file]')].map((i) => i.getAttribute('name'));
    expect(names(create.container)).toEqual([
      'doc_citizenship-front',
      'doc_passport-photo',
      'doc_rent-agreement',
    ]);
    expect(marked(/^Passport photo/)).not.toBeNull();
    expect(marked(/^Rent agreement/)).toBeNull();
    create.unmount();

    // edit: update|both only; a required file already on the application need not be sent
    const edit = renderWithApp(
      <ApplicationForm mode="edit" applicationId={9} existingKinds={['passport-photo']} />,
    );
    await screen.findByText('Tax clearance');
    expect(names(edit.container)).toEqual(['doc_passport-photo', 'doc_tax-clearance']);
    expect(marked(/^Passport photo/)).toBeNull();
    expect(marked(/^Tax clearance/)).not.toBeNull();
  });

  it('asks for the old certificate scan of an old registration', async () => {
    const { container } = renderWithApp(<ApplicationForm />);
    expect(container.querySelector('input[name=oldCertificate]')).toBeNull();
    await userEvent.click(
      screen.getByRole('switch', { name: 'This is an old (paper) registration' }),
    );
    expect(container.querySelector('input[type=file][name=oldCertificate]')).not.toBeNull();
    expect(marked(/^Scan of the old registration certificate/)).not.toBeNull();
    await submit();
    expect(
      await within(field(/^Scan of the old registration certificate/)).findByText(
        'This filed is required',
      ),
    ).toBeInTheDocument();
  });

  it("puts the server's doc_<slug> and oldCertificate errors on those inputs", async () => {
    createAnswer = () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: {
          'doc_passport-photo': ['"Passport photo" is required.'],
          oldCertificate: ['The file must be a JPEG, PNG or PDF.'],
        },
      });
    const {
      ApplicationForm: Form,
      validate,
      emptyValues,
      docSpecs,
    } = await import('./ApplicationForm');
    // Every client check passes for these values, so only the server can refuse them.
    const values = {
      ...emptyValues('single'),
      ...SINGLE_APPLICATION,
      isOldRegistration: true,
      oldRegistrationNo: 'OLD-1/2079-80',
      oldRegistrationDate: '2079-05-10',
      oldCertificate: new File(['x'], 'old.png', { type: 'image/png' }),
      docs: {
        'citizenship-front': new File(['x'], 'cz.png', { type: 'image/png' }),
        'passport-photo': new File(['x'], 'pp.png', { type: 'image/png' }),
      },
    };
    const specs = docSpecs(DATA['/api/required-files/all'] as never, 'create');
    const rules = { docs: specs, oldCertificateRequired: true };
    const errors = validate(values, 'single', 'create', rules);
    expect(Object.keys(errors)).toEqual([]);

    const { container } = renderWithApp(<Form initial={values} />);
    await screen.findByText('Passport photo');
    await submit();
    await waitFor(() => expect(submits()).toHaveLength(1));
    const fd = submits()[0][1]!.body as FormData;
    expect((fd.get('oldCertificate') as File).name).toBe('old.png');
    expect(
      await within(field(/^Passport photo/)).findByText('"Passport photo" is required.'),
    ).toBeInTheDocument();
    expect(
      within(field(/^Scan of the old registration certificate/)).getByText(
        'The file must be a JPEG, PNG or PDF.',
      ),
    ).toBeInTheDocument();
    expect(container.querySelector('input[type=file][name=oldCertificate]')).not.toBeNull();
  });

  it('shows the fee estimate of the business type and capital, or why there is none', async () => {
    const { container } = renderWithApp(<ApplicationForm />, { profile: applicant });
    const estimate = screen.getByRole('region', { name: 'Fee estimate' });
    expect(
      within(estimate).getByText(
        'Choose the business type and enter the current capital to see the fees.',
      ),
    ).toBeInTheDocument();
    const select = screen.getByLabelText(/^Business type/);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Retail shop' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(select, 'Retail shop');
    await userEvent.type(container.querySelector('input[name=capitalCurrent]')!, '300000');
    expect(await within(estimate).findByText('Rs. 1,600.00')).toBeInTheDocument();
    expect(within(estimate).getByText('Business tax')).toBeInTheDocument();
    const quotes = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/quote'));
    // debounced: one quote for the whole typed amount, not one per key
    expect(quotes).toHaveLength(1);
    const fd = quotes[0][1]!.body as FormData;
    expect(fd.get('businessTypeId')).toBe('1');
    expect(fd.get('capitalCurrent')).toBe('300000');

    const capital = container.querySelector('input[name=capitalCurrent]')!;
    await userEvent.clear(capital);
    await userEvent.type(capital, '99999999');
    expect(
      await within(estimate).findByText('No tax band covers this capital.'),
    ).toBeInTheDocument();
  });
});
