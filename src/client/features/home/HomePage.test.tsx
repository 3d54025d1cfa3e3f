/**
 * The applicant home (issue 17 §1): the "Register a business" start, one card per application
 * with its plain-words status and one next step, a draft on this device to continue, the
 * rejection's reason on the card; in Nepali, amounts and dates in Devanagari digits.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationListRow } from '../../../shared/schemas/application-list.js';
import { setLang } from '../../lib/i18n';
import { draftKey, deleteDraft, saveDraft } from '../../lib/useFormDraft';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { User } from '../../../shared/schemas/auth.js';
import HomePage from './HomePage';

resetEachTest();

const applicant: User = {
  ...admin,
  id: 41,
  name: 'Sita Rai',
  username: 'sita',
  userType: 'user',
  roles: ['user'],
  permissions: ['view-applications', 'create-applications', 'renew-applications'],
};

function row(over: Partial<ApplicationListRow>): ApplicationListRow {
  return {
    id: 1,
    submissionNo: '5/2082-83',
    registrationNo: null,
    businessName: 'Business',
    ownerName: 'Sita Rai',
    appStatus: 'pending',
    submissionDate: '2025-12-01',
    expiryDate: null,
    createdAt: '2025-12-01T05:00:00.000Z',
    businessTypeId: 1,
    businessTypeNameEn: 'Tea shop',
    businessTypeNameNe: 'चिया पसल',
    wardId: 1,
    wardNumber: 1,
    kind: 'single',
    isRenewal: false,
    renewalOfId: null,
    isOldRegistration: false,
    billTotal: null,
    rejectionReason: null,
    paymentPending: false,
    canRenew: false,
    openRenewalId: null,
    ...over,
  };
}

const ROWS = [
  row({ id: 1, businessName: 'Waiting Shop' }),
  row({ id: 2, businessName: 'Pay Shop', appStatus: 'verified', billTotal: 260_000 }),
  row({
    id: 3,
    businessName: 'Fix Shop',
    appStatus: 'rejected',
    rejectionReason: 'The citizenship scan is blurred.',
  }),
  row({
    id: 4,
    businessName: 'Done Shop',
    appStatus: 'approved',
    registrationNo: '12/2082-83',
    expiryDate: '2030-07-16',
  }),
];

function serve(rows: ApplicationListRow[]) {
  return mockApi({
    'GET /api/applications': () => jsonResponse(200, { data: rows, meta: { total: rows.length } }),
  });
}

const card = (name: string) => screen.getByText(name).closest('li')!;

describe('the applicant home', () => {
  it('offers the start, and one card per application with its one next step', async () => {
    const api = serve(ROWS);
    renderWithApp(<HomePage />, { profile: applicant });
    expect(await screen.findByText('Pay Shop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a business' })).toHaveAttribute(
      'href',
      '/apply-new',
    );
    // the applicant's own list, newest first
    const q = api.requests.find((r) => r.path === '/api/applications')!.query;
    expect(q.get('sortBy')).toBe('id');
    expect(q.get('descending')).toBe('true');

    const pay = within(card('Pay Shop'));
    expect(pay.getByText('Checked: Rs. 2,600.00 to pay')).toBeInTheDocument();
    expect(pay.getByRole('link', { name: 'Pay Rs. 2,600.00: Pay Shop' })).toHaveAttribute(
      'href',
      '/business/applications/2/detail',
    );

    const fix = within(card('Fix Shop'));
    expect(fix.getByText('Sent back: fix and resubmit')).toBeInTheDocument();
    expect(fix.getByText('The citizenship scan is blurred.')).toBeInTheDocument();
    expect(fix.getByRole('link', { name: 'Fix and resubmit: Fix Shop' })).toHaveAttribute(
      'href',
      '/edit-registration/3',
    );

    const waiting = within(card('Waiting Shop'));
    expect(waiting.getByText('Waiting for the ward to check')).toBeInTheDocument();
    expect(card('Waiting Shop')).toHaveTextContent('Submission no. 5/2082-83');

    const done = within(card('Done Shop'));
    expect(done.getByText(/^Registered: valid until 2087-/)).toBeInTheDocument();
    expect(card('Done Shop')).toHaveTextContent('Registration no. 12/2082-83');
    expect(
      done.getByRole('button', { name: 'Download certificate: Done Shop' }),
    ).toBeInTheDocument();

    // the applicant's turn first: fix and pay, then waiting, then done
    const order = screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(order).toEqual(['Fix Shop', 'Pay Shop', 'Waiting Shop', 'Done Shop']);
  });

  it('a new applicant: the start and a line saying there is nothing yet', async () => {
    serve([]);
    renderWithApp(<HomePage />, { profile: applicant });
    expect(
      await screen.findByText('You have not applied yet. Start with "Register a business" above.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Register a business' })).toBeInTheDocument();
  });

  it('a draft kept on this device is a card to continue', async () => {
    const key = draftKey(applicant.id, 'application:multiple');
    expect(await saveDraft(key, { businessName: 'Draft Partners', owners: [] })).toBe(true);
    try {
      serve([]);
      renderWithApp(<HomePage />, { profile: applicant });
      expect(await screen.findByText('Draft Partners')).toBeInTheDocument();
      const draft = within(card('Draft Partners'));
      expect(draft.getByText(/^Not sent yet: saved on this device on /)).toBeInTheDocument();
      expect(
        draft.getByRole('link', { name: 'Continue the application: Draft Partners' }),
      ).toHaveAttribute('href', '/multiple_registration');
    } finally {
      await deleteDraft(key);
    }
  });

  it('in Nepali: amounts and dates in Devanagari digits', async () => {
    await setLang('ne');
    serve(ROWS);
    renderWithApp(<HomePage />, { profile: applicant });
    const pay = within((await screen.findByText('Pay Shop')).closest('li')!);
    expect(pay.getByText('जाँच भयो: रु. २,६००.०० तिर्न बाँकी')).toBeInTheDocument();
    expect(pay.getByRole('link', { name: /^रु. २,६००.०० तिर्नुहोस्:/ })).toBeInTheDocument();
    expect(within(card('Done Shop')).getByText(/^दर्ता भयो: २०८७-/)).toBeInTheDocument();
    expect(
      within(card('Fix Shop')).getByText('फिर्ता पठाइयो: सच्याएर फेरि पेश गर्नुहोस्'),
    ).toBeInTheDocument();
  });

  it('a failed load says so and can be tried again', async () => {
    let fail = true;
    mockApi({
      'GET /api/applications': () =>
        fail
          ? jsonResponse(500, { message: 'x' })
          : jsonResponse(200, { data: [ROWS[0]], meta: { total: 1 } }),
    });
    renderWithApp(<HomePage />, { profile: applicant });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    retry.click();
    await waitFor(() => expect(screen.getByText('Waiting Shop')).toBeInTheDocument());
  });
});
