/**
 * "Remind now" on the list of registrations due for renewal (issue 19 §5): the last reminder or
 * "none yet" per row, the opted-out applicant shown without a button, a row reminded at once,
 * the rows selected reminded together with what happened told; no button without the
 * permission to message applicants.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { admin, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import RenewalListPage from './RenewalListPage';

resetEachTest();

const base = {
  ownerName: 'Sita Sharma',
  wardId: 1,
  wardNumber: 1,
  businessTypeId: 1,
  businessTypeNameEn: 'Retail shop',
  businessTypeNameNe: 'खुद्रा पसल',
  expiryDate: '2026-07-16',
  daysToExpiry: 10,
  isOldRegistration: false,
  renewalId: null,
  renewalStatus: null,
};
const rows = [
  { ...base, id: 9, registrationNo: '145/2082-83', businessName: 'Himal Traders' },
  {
    ...base,
    id: 10,
    registrationNo: '146/2082-83',
    businessName: 'Everest Stores',
    lastReminderAt: '2026-06-16T04:15:00Z',
  },
  {
    ...base,
    id: 11,
    registrationNo: '147/2082-83',
    businessName: 'Quiet Tailors',
    remindersOff: true,
  },
];
const list = () => jsonResponse(200, { data: rows, meta: { total: 3 } });
const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

beforeEach(async () => {
  await setLang('en-US');
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});

describe('remind now', () => {
  it('shows the last reminder, the opt-out, and reminds a row at once', async () => {
    const api = mockApi({
      'GET /api/applications/renewals': list,
      'POST /api/applications/reminders': () =>
        jsonResponse(200, {
          data: { sent: [9], optedOut: [], alreadyToday: [] },
          message: 'The renewal reminder is queued.',
          messageKey: 'reminders.sent',
        }),
    });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: admin });
    const himal = await row('Himal Traders');
    expect(within(himal).getByText('No reminder sent yet')).toBeInTheDocument();
    const everest = await row('Everest Stores');
    // 16 June 2026 AD = 2 Asar 2083 BS
    expect(everest).toHaveTextContent('Last reminder: 2083-03-02');
    const quiet = await row('Quiet Tailors');
    expect(within(quiet).getByText('Reminders turned off by the applicant')).toBeInTheDocument();
    expect(within(quiet).queryByRole('button', { name: /Remind now/ })).toBeNull();

    await userEvent.click(
      within(himal).getByRole('button', { name: 'Send Himal Traders a renewal reminder now' }),
    );
    await waitFor(() => expect(api.calls('POST', '/api/applications/reminders')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/reminders')[0].body!.getAll('ids[]')).toEqual([
      '9',
    ]);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message:
            'The renewal reminder is queued: the applicant gets an SMS, and an email when they gave one.',
        }),
      ),
    );
    // the list is read again, for the new last reminder
    await waitFor(() =>
      expect(api.calls('GET', '/api/applications/renewals').length).toBeGreaterThan(1),
    );
  });

  it('reminds the rows selected and tells what happened to each', async () => {
    const api = mockApi({
      'GET /api/applications/renewals': list,
      'POST /api/applications/reminders': () =>
        jsonResponse(200, {
          data: { sent: [9], optedOut: [11], alreadyToday: [10] },
          message: 'The renewal reminder is queued.',
          messageKey: 'reminders.sent',
        }),
    });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: admin });
    for (const name of ['Himal Traders', 'Everest Stores', 'Quiet Tailors']) {
      await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Remind selected (3)' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/reminders')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/reminders')[0].body!.getAll('ids[]')).toEqual([
      '9',
      '10',
      '11',
    ]);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message:
            'Reminders queued: 1. Not sent, reminders turned off by the applicant: 1. Already reminded today: 1.',
        }),
      ),
    );
    expect(screen.queryByRole('button', { name: /Remind selected/ })).toBeNull();
  });

  it('offers no button nor selection without the permission to message applicants', async () => {
    mockApi({ 'GET /api/applications/renewals': list });
    renderWithApp(<RenewalListPage />, { route: '/renewRegistrationList', profile: wardAdmin });
    const himal = await row('Himal Traders');
    expect(within(himal).getByText('No reminder sent yet')).toBeInTheDocument();
    expect(within(himal).queryByRole('button', { name: /Remind now/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Himal Traders' })).toBeNull();
  });
});
