/**
 * Counter filing on the client (issue 19 §4): the search (none found → the new-applicant form,
 * checked with the shared schema; the server's 409 shown in the form), the chosen applicant's
 * scans gate the form buttons, their applications with the requests staff may file about a
 * registration, in English and Nepali; and the public tracking page (a genuine code, one that
 * is not).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CounterApplicant, CounterApplication } from '../../../shared/schemas/counter.js';
import type { User } from '../../../shared/schemas/auth.js';
import { setLang } from '../../lib/i18n';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import CounterPage from './CounterPage';
import TrackPage from './TrackPage';

const wardAdmin: User = {
  id: 2,
  name: 'Ward One Admin',
  username: 'ward1',
  phone: '9841000002',
  email: null,
  gender: 'male',
  userType: 'wardadmin',
  wardId: 1,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['wardadmin'],
  permissions: ['view-applications', 'file-at-counter', 'amend-applications'],
};

const walkIn: CounterApplicant = {
  id: 41,
  name: 'Hari Khanal',
  phone: '9712345678',
  email: null,
  citizenshipNo: '27-01-74-01234',
  photoFileId: 7,
  citizenshipFileId: 8,
  unclaimed: true,
};

const theirs: CounterApplication[] = [
  {
    id: 52,
    service: 'duplicate',
    submissionNo: '2082-83-000052',
    registrationNo: null,
    businessName: 'Khanal Tailors',
    status: 'pending',
    expiryDate: null,
    canRequest: [],
  },
  {
    id: 50,
    service: 'registration',
    submissionNo: '2082-83-000050',
    registrationNo: '145/2082-83',
    businessName: 'Khanal Tailors',
    status: 'approved',
    expiryDate: '2026-07-16',
    canRequest: ['amendment', 'closure'],
  },
];

const ok = (data: unknown) => () => jsonResponse(200, { data });

resetEachTest();

async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}

const renderCounter = (route = '/counter') =>
  renderWithApp(<CounterPage />, { route, path: '/counter', profile: wardAdmin });

describe('counter: finding or creating the applicant', () => {
  it('none found: the form checks its fields, then shows the 409 of a taken number', async () => {
    const api = mockApi({
      'GET /api/counter/applicants': ok([]),
      'POST /api/counter/applicants': () =>
        jsonResponse(409, {
          message: 'An account with this mobile number already exists. Search for it instead.',
          messageKey: 'errors.applicantExists',
        }),
    });
    const { container } = renderCounter();
    await fill(await screen.findByLabelText(/Mobile or citizenship number/), '9712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No applicant has this number/)).toBeVisible();
    expect(api.calls('GET', '/api/counter/applicants')[0].query.get('q')).toBe('9712345678');

    // empty: the shared schema's messages, nothing sent
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findAllByText('This filed is required')).not.toHaveLength(0);
    expect(api.calls('POST', '/api/counter/applicants')).toHaveLength(0);

    await fill(container.querySelector<HTMLInputElement>('input[name=name]')!, 'Hari Khanal');
    await fill(container.querySelector<HTMLInputElement>('input[name=phone]')!, '9712345678');
    await userEvent.selectOptions(container.querySelector('select[name=gender]')!, 'male');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /An account with this mobile number already exists/,
    );
    const [sent] = api.calls('POST', '/api/counter/applicants');
    expect(sent.json).toMatchObject({
      name: 'Hari Khanal',
      phone: '9712345678',
      gender: 'male',
      lang: 'ne',
    });
  });
});

describe('counter: the chosen applicant', () => {
  it('lists their applications with the requests staff may file, and opens the form', async () => {
    mockApi({
      'GET /api/counter/applicants/41': ok(walkIn),
      'GET /api/counter/applicants/41/applications': ok(theirs),
    });
    renderCounter('/counter?applicant=41');
    expect(await screen.findByTestId('counter-applicant')).toHaveTextContent('Hari Khanal');
    expect(screen.getByText('Has not set a password yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Single owner' })).toHaveAttribute(
      'href',
      '/counter/41/apply/single',
    );
    const rows = await screen.findAllByTestId('counter-application');
    expect(rows).toHaveLength(2);
    const [request, registration] = rows;
    expect(within(request).getByText('2082-83-000052')).toBeVisible();
    expect(within(request).getByTestId('service-badge')).toHaveTextContent('Duplicate certificate');
    expect(
      within(request)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/business/applications/52/detail']);
    expect(within(registration).getByText(/145\/2082-83/)).toBeVisible();
    expect(
      within(registration)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Open', '/business/applications/50/detail'],
      ['Amend', '/business/applications/50/amend'],
      ['Close business', '/business/applications/50/close'],
    ]);
  });

  it('without both scans the form buttons wait; in Nepali, with Nepali digits', async () => {
    await setLang('ne');
    mockApi({
      'GET /api/counter/applicants/41': ok({ ...walkIn, citizenshipFileId: null }),
      'GET /api/counter/applicants/41/applications': ok([]),
    });
    renderCounter('/counter?applicant=41');
    expect(await screen.findByText(/९७१२३४५६७८/)).toBeVisible();
    expect(screen.getByText('दर्ता गर्नुअघि फोटो र नागरिकता दुवै अपलोड गर्नुहोस्।')).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent('अहिलेसम्म कुनै निवेदन छैन');
    await waitFor(() =>
      expect(screen.getByTestId('counter-applications')).toHaveTextContent(
        '४. उहाँका निवेदन र दर्ताहरू',
      ),
    );
  });
});

describe('public tracking page', () => {
  it('shows the six public facts of a genuine code, and says when a code is not', async () => {
    mockApi({
      'GET /api/track/1A-0123456789AB': ok({
        submissionNo: '2082-83-000050',
        service: 'closure',
        businessName: 'Khanal Tailors',
        status: 'verified',
        submittedOn: '2025-07-17',
        updatedAt: '2025-07-18T04:00:00.000Z',
      }),
    });
    renderWithApp(<TrackPage />, { route: '/track/1A-0123456789AB', path: '/track/:code' });
    expect(await screen.findByText('Khanal Tailors')).toBeVisible();
    expect(screen.getByText('Closure')).toBeVisible();
    expect(screen.getByTestId('track-status')).toHaveTextContent('Verified');
    expect(screen.getByText('2082-83-000050')).toBeVisible();

    renderWithApp(<TrackPage />, { route: '/track/1A-FFFFFFFFFFFF', path: '/track/:code' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/tracking code is not valid/);
  });
});
