/**
 * The application form in steps (issue 17 §2, §3): each step checked in one pass on Continue
 * with an error summary ("There is a problem", links to the fields) and the message at each
 * field, never a toast as well; Nepali-grouped amounts; check your answers with Change links;
 * server errors brought back to their step; the profile's documents not asked again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { APPLICANT, BILL, DATA, FILES } from '../../test/applyFixtures';
import { jsonResponse, renderForm } from '../../test/render';
import { ApplicationForm, docSpecs } from './ApplicationForm';

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
const applicant = APPLICANT;

beforeEach(async () => {
  await setLang('en-US');
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  DATA['/api/required-files/all'] = FILES;
  createAnswer = () => jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const u = () => userEvent.setup();
const cont = (user: ReturnType<typeof u>) =>
  user.click(screen.getByRole('button', { name: 'Continue' }));
const summary = () => screen.findByTestId('error-summary');
const fill = async (user: ReturnType<typeof u>, label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
};
const choose = async (user: ReturnType<typeof u>, label: RegExp, option: string) => {
  const select = screen.getByLabelText(label);
  await waitFor(() =>
    expect(within(select).getByRole('option', { name: option })).toBeInTheDocument(),
  );
  await user.selectOptions(select, option);
};
const indicator = (text: string) =>
  waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent(text));

describe('ApplicationForm in steps', () => {
  it('checks the whole business step in one pass: error summary with links, the message at each field, no toast', async () => {
    const user = u();
    await renderForm(<ApplicationForm />, { profile: applicant });
    await indicator('Step 1 of 6: Business');
    await cont(user);
    const box = await summary();
    expect(within(box).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(box).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Business name: This filed is required',
      'Business type: This filed is required',
    ]);
    // the summary takes the focus; a link moves it to its field
    await waitFor(() => expect(box).toHaveFocus());
    await user.click(links[1]);
    expect(screen.getByLabelText(/^Business type/)).toHaveFocus();
    expect(screen.getByLabelText(/^Business name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This filed is required')).toHaveLength(2);
    expect(notifications.show).not.toHaveBeenCalled();
    // still on step 1
    await indicator('Step 1 of 6: Business');
  });

  it('keeps the fields, and the focus, while the districts of the chosen province download', async () => {
    const user = u();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const plain = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname === '/api/districts/all') await held;
      return plain(input, init);
    });
    await renderForm(<ApplicationForm />, { route: '/?step=addresses', profile: applicant });
    await indicator('Step 3 of 6: Addresses');
    const province = screen.getByLabelText(/^Province/);
    await user.selectOptions(province, 'Bagmati');
    expect(province).toHaveFocus();
    expect(province).toBeInTheDocument();
    expect(screen.getByLabelText(/^District/)).toBeInTheDocument();
    answer();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText(/^District/)).getByRole('option', { name: 'Kathmandu' }),
      ).toBeInTheDocument(),
    );
    expect(province).toHaveFocus();
  });

  it("checks the owner's and father's or husband's names on the client, all at once", async () => {
    const user = u();
    await renderForm(<ApplicationForm />, { route: '/?step=owners', profile: applicant });
    await indicator('Step 2 of 6: Owners');
    await fill(user, /^Applicant name/, 'Sita');
    await cont(user);
    const links = within(await summary()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Business owner name: This filed is required',
      "Father's or husband's name: This filed is required",
      'Applicant address: This filed is required',
      'Applicant contact number: This filed is required',
    ]);
    expect(submits()).toHaveLength(0);
  });

  it('takes Nepali-grouped amounts and Devanagari digits, and refuses a badly grouped one', async () => {
    const user = u();
    await renderForm(<ApplicationForm />, { route: '/?step=capital', profile: applicant });
    await indicator('Step 4 of 6: Capital and premises');
    await fill(user, /^Maximum capital/, '5,00,000');
    await fill(user, /^Current capital/, '३,००,०००');
    await fill(user, /^Paid-up capital/, '1,0,0');
    await cont(user);
    const links = within(await summary()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Paid-up capital: This filed should be numbe only',
    ]);
    await fill(user, /^Paid-up capital/, '1,00,000');
    await cont(user);
    await indicator('Step 5 of 6: Documents');
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });
});

describe('ApplicationForm in steps: owners and documents', () => {
  it('shows the 4-owner message next to the add button', async () => {
    const user = u();
    await renderForm(<ApplicationForm kind="multiple" />, {
      route: '/?step=owners',
      profile: applicant,
    });
    const add = await screen.findByRole('button', { name: 'Add owner' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    const alert = await screen.findByText('You cannot add more than 4 names.');
    // the message is in the same block as the button, right under it
    expect(add.parentElement).toContainElement(alert);
  });

  it('does not ask for the profile documents again; shows them read-only with a link to the profile', async () => {
    DATA['/api/required-files/all'] = [
      ...FILES,
      {
        id: 9,
        slug: 'citizenship-front',
        nameEn: 'Citizenship (front)',
        nameNe: 'नागरिकता (अगाडि)',
        requiredIn: 'create',
        isRequired: true,
      },
    ];
    const { container } = await renderForm(<ApplicationForm />, {
      route: '/?step=documents',
      profile: applicant,
    });
    await screen.findByText('From your profile');
    expect(screen.getByRole('link', { name: 'Change them on your profile' })).toHaveAttribute(
      'href',
      '/profile#documents',
    );
    await waitFor(() =>
      expect(container.querySelector('input[type=file][name=doc_rent-agreement]')).not.toBeNull(),
    );
    expect(container.querySelector('input[type=file][name=doc_citizenship-front]')).toBeNull();
    expect(container.querySelector('input[type=file][name=doc_passport-photo]')).toBeNull();
  });
});

describe('ApplicationForm in steps, the whole way', () => {
  it('goes through every step, lists the answers with Change links, and submits; a server error opens its step', async () => {
    const user = u();
    createAnswer = () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { locMobile: ['Enter a valid mobile number'] },
      });
    const { container } = await renderForm(<ApplicationForm />, {
      route: '/single_registration',
      profile: applicant,
    });
    await fill(user, /^Business name/, 'Himal Traders');
    await choose(user, /^Business type/, 'Retail shop');
    await cont(user);
    await indicator('Step 2 of 6: Owners');
    await fill(user, /^Business owner name/, 'Sita Sharma');
    await fill(user, /^Father's or husband's name/, 'Ram Sharma');
    await fill(user, /^Applicant name/, 'Sita Sharma');
    await fill(user, /^Applicant address/, 'Kirtipur-10');
    await fill(user, /^Applicant contact number/, '9841000000');
    await cont(user);
    await indicator('Step 3 of 6: Addresses');
    await choose(user, /^Province/, 'Bagmati');
    await choose(user, /^District/, 'Kathmandu');
    await choose(user, /^Municipality/, 'Kirtipur');
    await choose(user, /^Ward number/, '10');
    await choose(user, /^Ward(?! number)/, '2 — Ward 2');
    await fill(user, /^Address/, 'Naya Bazar');
    await fill(user, /^Mobile number/, '9841000000');
    await cont(user);
    await indicator('Step 4 of 6: Capital and premises');
    await fill(user, /^Maximum capital/, '5,00,000');
    await fill(user, /^Current capital/, '3,00,000');
    await fill(user, /^Paid-up capital/, '100000');
    await cont(user);
    await indicator('Step 5 of 6: Documents');
    // lalpurja is compulsory on create in this setup: asked in one pass, then chosen
    await cont(user);
    expect(within(await summary()).getByRole('link')).toHaveTextContent(
      'Lalpurja: This filed is required',
    );
    const lalpurja = container.querySelector('input[type=file][name=doc_lalpurja]');
    await user.upload(
      lalpurja as HTMLInputElement,
      new File(['pdf'], 'l.pdf', { type: 'application/pdf' }),
    );
    await cont(user);
    await indicator('Step 6 of 6: Check your answers');
    expect(screen.getByText('l.pdf')).toBeInTheDocument();
    // every answer, by name, with its Change link
    expect(screen.getByText('Himal Traders')).toBeInTheDocument();
    expect(screen.getByText('Retail shop')).toBeInTheDocument();
    expect(screen.getByText('Kirtipur')).toBeInTheDocument();
    expect(screen.getByText('Rs. 5,00,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Business owner name' }));
    await indicator('Step 2 of 6: Owners');
    await waitFor(() => expect(screen.getByLabelText(/^Business owner name/)).toHaveFocus());
    // each Continue checks with the schema's module (a promise), so each step is waited for
    for (const n of [3, 4, 5, 6]) {
      await cont(user);
      await indicator(`Step ${n} of 6`);
    }
    await indicator('Step 6 of 6: Check your answers');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    const fd = submits()[0][1]!.body as FormData;
    expect(fd.get('capitalMax')).toBe('5,00,000');
    expect(fd.has('photo')).toBe(false);
    expect(fd.has('doc_passport-photo')).toBe(false);
    expect((fd.get('doc_lalpurja') as File).name).toBe('l.pdf');
    // the server's field error: back on the addresses step, in the summary and at the field
    await indicator('Step 3 of 6: Addresses');
    const links = within(await summary()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Mobile number: Enter a valid mobile number']);
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('docSpecs', () => {
  it('offers every document on edit, optional once present; never the profile documents', () => {
    const files = [
      ...FILES,
      {
        id: 9,
        slug: 'passport-photo',
        nameEn: 'Passport photo',
        nameNe: 'पासपोर्ट फोटो',
        requiredIn: 'both' as const,
        isRequired: true,
      },
    ];
    const create = docSpecs(files, 'create').map((d) => [d.file.slug, d.required]);
    expect(create).toEqual([
      ['rent-agreement', false],
      ['lalpurja', true],
    ]);
    const edit = docSpecs(files, 'edit', ['lalpurja']).map((d) => [d.file.slug, d.required]);
    expect(edit).toEqual([
      ['rent-agreement', false],
      ['lalpurja', false],
      ['tax-clearance', true],
    ]);
  });
});
