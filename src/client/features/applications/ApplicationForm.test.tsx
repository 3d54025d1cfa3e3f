/**
 * The application form: validated with the shared schema (SPEC §5 messages), dropdowns from
 * the API with cascading address selects, client-side file size check, multipart submit.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
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
};

const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  if (init?.method === 'POST') {
    return jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
  }
  return jsonResponse(200, { data: DATA[url.pathname] ?? [] });
});

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

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

describe('ApplicationForm', () => {
  it("shows 'This filed is required' when submitted empty", async () => {
    renderWithApp(<ApplicationForm />);
    await submit();
    const required = await screen.findAllByText('This filed is required');
    // every required text field, select and upload
    expect(required.length).toBeGreaterThanOrEqual(15);
    const name = screen.getByLabelText(/^Business name/);
    expect(name).toHaveAttribute('name', 'businessName');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please upload photos first')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
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
    const input = container.querySelector('input[type=file][name=photo]') as HTMLInputElement;
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
      container.querySelector('input[type=file][name=photo]') as HTMLInputElement,
      photo,
    );
    await u.upload(
      container.querySelector('input[type=file][name=citizenship]') as HTMLInputElement,
      scan,
    );
    await submit();

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
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
    expect((fd.get('photo') as File).name).toBe('me.png');
    expect((fd.get('citizenship') as File).name).toBe('cz.pdf');
    const districtsCall = fetchMock.mock.calls.find(([u]) =>
      String(u).startsWith('/api/districts/all'),
    );
    expect(decodeURIComponent(String(districtsCall![0]))).toContain('filters={"stateId":3}');
  });

  it('labels dropdown options in Nepali when the language is ne', async () => {
    await setLang('ne');
    renderWithApp(<ApplicationForm />);
    expect(await screen.findByRole('option', { name: 'खुद्रा पसल' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: '२ — वडा २' })).toBeInTheDocument();
  });
});
