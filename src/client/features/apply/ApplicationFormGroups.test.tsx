/**
 * The application form's groups and submission in steps (coverage of the one-page form's
 * tests, issue 4 and 7, ported to issue 17's steps): the rent group's required-together rule,
 * the land group (no such rule: only its ward number is checked), the old registration,
 * both languages; the files offered on create and edit; the 5 MB check; the server's file
 * errors; one Idempotency-Key per submission; the fee estimate on "check your answers".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { SINGLE_APPLICATION } from '../../test/fixtures';
import { APPLICANT, BILL, DATA, FILES } from '../../test/applyFixtures';
import { jsonResponse, renderForm } from '../../test/render';
import { ApplicationForm, emptyValues, type ApplicationFormValues } from './ApplicationForm';

const created = () => jsonResponse(201, { data: { id: 7, submissionNo: 'S-2082-0007' } });
/** What POST /api/applications answers (a test may swap it). */
let createAnswer: () => Response = created;
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
const quotes = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/quote'));
const applicant = APPLICANT;

beforeEach(async () => {
  await setLang('en-US');
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  DATA['/api/required-files/all'] = FILES;
  createAnswer = created;
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A complete single-owner application that passes every client check. */
const complete = (more: Partial<ApplicationFormValues> = {}): ApplicationFormValues => ({
  ...emptyValues('single'),
  ...SINGLE_APPLICATION,
  docs: { lalpurja: new File(['pdf'], 'l.pdf', { type: 'application/pdf' }) },
  ...more,
});

/** The input named `name` and the message shown in its wrapper. */
const input = (c: HTMLElement, name: string) =>
  c.querySelector(`[name="${name}"]`) as HTMLInputElement;
const wrapper = (c: HTMLElement, name: string) =>
  input(c, name).closest('.mantine-InputWrapper-root') as HTMLElement;
/** The wrapper of a file input: its own `<input type=file>` is hidden outside it. */
const fileBox = (label: RegExp) =>
  screen.getByLabelText(label).closest('.mantine-InputWrapper-root') as HTMLElement;
const indicator = (text: string) =>
  waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent(text));
const summaryLinks = async () =>
  within(await screen.findByTestId('error-summary'))
    .getAllByRole('link')
    .map((l) => l.textContent);

/** Valid capital so that only the group under test is in error on the capital step. */
async function fillCapital(c: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(input(c, 'capitalMax'), '500000');
  await user.type(input(c, 'capitalCurrent'), '300000');
  await user.type(input(c, 'capitalPaidUp'), '100000');
}

const RENT_REQUIRED = ['rentLandlordName', 'rentMonthly', 'rentTaxPeriodMonths', 'rentPurpose'];

describe('rent group (required together)', () => {
  it.each([
    ['en-US', 'Continue', 'This filed is required', 'Step 4 of 6'],
    ['ne', 'अगाडि बढ्नुहोस्', 'यो फिल्ड आवश्यक छ', 'चरण ४ / ६'],
  ] as const)(
    '%s: a partly filled rent group shows required errors on landlord, rent, period and purpose only',
    async (lang, cont, required, step) => {
      await setLang(lang);
      const user = userEvent.setup();
      const { container } = await renderForm(<ApplicationForm />, {
        route: '/?step=capital',
        profile: applicant,
      });
      await fillCapital(container, user);
      await user.click(input(container, 'hasRent'));
      await waitFor(() => expect(input(container, 'rentTole')).not.toBeNull());
      await user.type(input(container, 'rentTole'), 'Naya Bazar');
      await user.click(screen.getByRole('button', { name: cont }));
      expect(await summaryLinks()).toHaveLength(4);
      for (const k of RENT_REQUIRED) {
        await waitFor(() => expect(input(container, k)).toHaveAttribute('aria-invalid', 'true'));
        expect(within(wrapper(container, k)).getByText(required)).toBeInTheDocument();
      }
      expect(input(container, 'rentTole')).not.toHaveAttribute('aria-invalid', 'true');
      await indicator(step);
      expect(submits()).toHaveLength(0);
    },
  );

  it('an empty rent group asks nothing, and a complete one lets the step be left', async () => {
    const user = userEvent.setup();
    const { container } = await renderForm(<ApplicationForm />, {
      route: '/?step=capital',
      profile: applicant,
    });
    await fillCapital(container, user);
    await user.click(input(container, 'hasRent'));
    await waitFor(() => expect(input(container, 'rentLandlordName')).not.toBeNull());
    await user.type(input(container, 'rentLandlordName'), 'Hari Shrestha');
    await user.type(input(container, 'rentMonthly'), '15,000');
    await user.selectOptions(input(container, 'rentTaxPeriodMonths'), '12');
    await user.selectOptions(input(container, 'rentPurpose'), 'commercial');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await indicator('Step 5 of 6: Documents');
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });
});

describe('land group', () => {
  it.each([
    ['en-US', 'Continue', 'This filed should be numbe only', 'Step 5 of 6'],
    ['ne', 'अगाडि बढ्नुहोस्', 'यो फिल्डमा अंक मात्र हुनुपर्छ', 'चरण ५ / ६'],
  ] as const)(
    '%s: has no required-together rule, but its ward number must be a number',
    async (lang, cont, numeric, next) => {
      await setLang(lang);
      const user = userEvent.setup();
      const { container } = await renderForm(<ApplicationForm />, {
        route: '/?step=capital',
        profile: applicant,
      });
      await fillCapital(container, user);
      await user.click(input(container, 'hasLand'));
      await waitFor(() => expect(input(container, 'landKittaNo')).not.toBeNull());
      await user.type(input(container, 'landKittaNo'), '123');
      await user.type(input(container, 'landWardNo'), 'abc');
      await user.click(screen.getByRole('button', { name: cont }));
      expect(await summaryLinks()).toHaveLength(1);
      expect(within(wrapper(container, 'landWardNo')).getByText(numeric)).toBeInTheDocument();
      for (const k of ['landCurrentCity', 'landPreviousVdc', 'landSeatNo', 'landArea']) {
        expect(input(container, k)).not.toHaveAttribute('aria-invalid', 'true');
      }
      // Devanagari digits are a number: the partly filled group may be left
      await user.clear(input(container, 'landWardNo'));
      await user.type(input(container, 'landWardNo'), '४');
      await user.click(screen.getByRole('button', { name: cont }));
      await indicator(next);
    },
  );
});

describe('old registration', () => {
  it.each([
    ['en-US', 'Continue', 'Old registration number: This filed is required'],
    ['ne', 'अगाडि बढ्नुहोस्', 'पुरानो दर्ता नम्बर: यो फिल्ड आवश्यक छ'],
  ] as const)(
    '%s: asks for the number and date on the business step, and the scan on documents',
    async (lang, cont, first) => {
      await setLang(lang);
      const user = userEvent.setup();
      const { container } = await renderForm(<ApplicationForm />, { profile: applicant });
      expect(input(container, 'oldRegistrationNo')).toBeNull();
      await user.click(input(container, 'isOldRegistration'));
      await waitFor(() => expect(input(container, 'oldRegistrationNo')).not.toBeNull());
      await user.click(screen.getByRole('button', { name: cont }));
      const links = await summaryLinks();
      expect(links).toContain(first);
      expect(links).toHaveLength(4); // business name, type, old number, old date
      for (const k of ['oldRegistrationNo', 'oldRegistrationDate']) {
        expect(input(container, k)).toHaveAttribute('aria-invalid', 'true');
      }
    },
  );

  it('asks for the scan of the old certificate on the documents step, required', async () => {
    const user = userEvent.setup();
    const before = await renderForm(<ApplicationForm initial={complete()} />, {
      route: '/?step=documents',
      profile: applicant,
    });
    await screen.findByText('Lalpurja');
    expect(before.container.querySelector('input[name=oldCertificate]')).toBeNull();
    before.unmount();
    await renderForm(
      <ApplicationForm
        initial={complete({
          isOldRegistration: true,
          oldRegistrationNo: 'OLD-1/2079-80',
          oldRegistrationDate: '2079-05-10',
        })}
      />,
      { route: '/?step=documents', profile: applicant },
    );
    await waitFor(() =>
      expect(document.querySelector('input[type=file][name=oldCertificate]')).not.toBeNull(),
    );
    const box = fileBox(/^Scan of the old registration certificate/);
    expect(box.querySelector('.mantine-InputWrapper-required')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await summaryLinks()).toEqual([
      'Scan of the old registration certificate: This filed is required',
    ]);
  });
});

describe('documents step', () => {
  const names = (c: HTMLElement) =>
    [...c.querySelectorAll('input[type=file]')].map((i) => i.getAttribute('name'));
  const marked = (label: RegExp) => fileBox(label).querySelector('.mantine-InputWrapper-required');

  it('offers the files required on create, and on edit those of update, optional once present', async () => {
    const create = await renderForm(<ApplicationForm />, {
      route: '/?step=documents',
      profile: applicant,
    });
    await waitFor(() => expect(names(create.container)).toHaveLength(2));
    expect(names(create.container)).toEqual(['doc_rent-agreement', 'doc_lalpurja']);
    expect(marked(/^Lalpurja/)).not.toBeNull();
    expect(marked(/^Rent agreement/)).toBeNull();
    create.unmount();

    const edit = await renderForm(
      <ApplicationForm mode="edit" applicationId={9} existingKinds={['lalpurja']} />,
      { route: '/?step=documents', profile: applicant },
    );
    await waitFor(() => expect(names(edit.container)).toHaveLength(3));
    expect(names(edit.container)).toEqual([
      'doc_rent-agreement',
      'doc_lalpurja',
      'doc_tax-clearance',
    ]);
    expect(marked(/^Lalpurja/)).toBeNull();
    expect(marked(/^Tax clearance/)).not.toBeNull();
  });

  it('refuses a file over 5 MB on the client', async () => {
    const { container } = await renderForm(<ApplicationForm />, {
      route: '/?step=documents',
      profile: applicant,
    });
    await waitFor(() => expect(input(container, 'doc_rent-agreement')).not.toBeNull());
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input(container, 'doc_rent-agreement'), { target: { files: [big] } });
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
  });
});

describe("the server's file errors", () => {
  it("brings the server's doc_<slug> and oldCertificate errors back to the documents step", async () => {
    createAnswer = () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: {
          doc_lalpurja: ['"Lalpurja" is required.'],
          oldCertificate: ['The file must be a JPEG, PNG or PDF.'],
        },
      });
    const user = userEvent.setup();
    const values = complete({
      isOldRegistration: true,
      oldRegistrationNo: 'OLD-1/2079-80',
      oldRegistrationDate: '2079-05-10',
      oldCertificate: new File(['x'], 'old.png', { type: 'image/png' }),
    });
    await renderForm(<ApplicationForm initial={values} />, {
      route: '/?step=check',
      profile: applicant,
    });
    await indicator('Step 6 of 6');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    const fd = submits()[0][1]!.body as FormData;
    expect((fd.get('oldCertificate') as File).name).toBe('old.png');
    expect((fd.get('doc_lalpurja') as File).name).toBe('l.pdf');
    await indicator('Step 5 of 6: Documents');
    expect(await summaryLinks()).toEqual([
      'Lalpurja: "Lalpurja" is required.',
      'Scan of the old registration certificate: The file must be a JPEG, PNG or PDF.',
    ]);
    await waitFor(() =>
      expect(
        within(fileBox(/^Scan of the old registration certificate/)).getByText(
          'The file must be a JPEG, PNG or PDF.',
        ),
      ).toBeInTheDocument(),
    );
    expect(within(fileBox(/^Lalpurja/)).getByText('"Lalpurja" is required.')).toBeInTheDocument();
  });
});

describe('submission', () => {
  it('sends one Idempotency-Key per submission: the same on a retry after a dropped connection', async () => {
    const user = userEvent.setup();
    await renderForm(
      <ApplicationForm initial={complete({ hasLand: false, landKittaNo: '99' })} />,
      {
        route: '/?step=check',
        profile: applicant,
      },
    );
    await indicator('Step 6 of 6');
    const keyOf = (i: number) => new Headers(submits()[i][1]!.headers).get('Idempotency-Key') ?? '';
    // The first answer never arrives (the connection dropped); the server may have saved it.
    createAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    const fd = submits()[0][1]!.body as FormData;
    // a switched-off group is not sent, whatever it held
    expect(fd.has('landKittaNo')).toBe(false);

    // The retry of the same form carries the same key, so the server answers the first one.
    createAnswer = created;
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(submits()).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));
    // after the success the key is forgotten: the next submission gets a new one
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});

describe('fee estimate on check your answers', () => {
  it('asks for the business type and capital when they are missing', async () => {
    await renderForm(<ApplicationForm />, { route: '/?step=check', profile: applicant });
    const estimate = await screen.findByRole('region', { name: 'Fee estimate' });
    expect(
      within(estimate).getByText(
        'Choose the business type and enter the current capital to see the fees.',
      ),
    ).toBeInTheDocument();
    expect(quotes()).toHaveLength(0);
  });

  it('shows the fees of the entered business type and capital', async () => {
    await renderForm(<ApplicationForm initial={complete()} />, {
      route: '/?step=check',
      profile: applicant,
    });
    const estimate = await screen.findByRole('region', { name: 'Fee estimate' });
    expect(await within(estimate).findByText('Rs. 1,600.00')).toBeInTheDocument();
    expect(within(estimate).getByText('Business tax')).toBeInTheDocument();
    const fd = quotes()[0][1]!.body as FormData;
    expect(fd.get('businessTypeId')).toBe('1');
    expect(fd.get('capitalCurrent')).toBe('300000');
  });

  it("shows the server's reason when no band covers the capital", async () => {
    const values = complete({ capitalMax: '99999999', capitalCurrent: '99999999' });
    await renderForm(<ApplicationForm initial={values} />, {
      route: '/?step=check',
      profile: applicant,
    });
    const estimate = await screen.findByRole('region', { name: 'Fee estimate' });
    expect(
      await within(estimate).findByText('No tax band covers this capital.'),
    ).toBeInTheDocument();
  });
});

describe('lists', () => {
  it('labels dropdown options in Nepali when the language is ne', async () => {
    await setLang('ne');
    const a = await renderForm(<ApplicationForm />, { profile: applicant });
    expect(await screen.findByRole('option', { name: 'खुद्रा पसल' })).toBeInTheDocument();
    a.unmount();
    await renderForm(<ApplicationForm />, { route: '/?step=addresses', profile: applicant });
    expect(await screen.findByRole('option', { name: '२ — वडा २' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'बागमती' })).toBeInTheDocument();
  });

  it('asks for the districts of the chosen province only', async () => {
    const user = userEvent.setup();
    await renderForm(<ApplicationForm />, { route: '/?step=addresses', profile: applicant });
    const province = screen.getByLabelText(/^Province/);
    await waitFor(() =>
      expect(within(province).getByRole('option', { name: 'Bagmati' })).toBeInTheDocument(),
    );
    await user.selectOptions(province, 'Bagmati');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) =>
          decodeURIComponent(String(u)).includes('/api/districts/all?filters={"stateId":3}'),
        ),
      ).toBe(true),
    );
    expect(await screen.findByRole('option', { name: 'Kathmandu' })).toBeInTheDocument();
  });
});
