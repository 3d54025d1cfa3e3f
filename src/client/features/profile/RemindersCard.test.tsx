/**
 * The applicant's renewal reminders switch on the profile (issue 19 §5): read from the server,
 * turned off with a PUT, and then the page says that no reminder will come; staff do not see it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import ProfilePage from './ProfilePage';

const me = { ...admin, id: 5, name: 'Sita Tamang', username: 'sita', userType: 'user' as const };

beforeEach(async () => {
  await setLang('en-US');
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await setLang('en-US');
});

/** The PUT's answer when reminders were turned off. */
const savedOff = () =>
  jsonResponse(200, {
    data: { renewalReminders: false },
    message: 'Renewal reminders are off.',
    messageKey: 'reminders.profile.savedOff',
  });

/** The profile of an applicant whose reminders are on, with `put` answering the change. */
function renderCard(put: () => Response | Promise<Response>) {
  const api = mockApi({
    'GET /api/profiles/reminders': () => jsonResponse(200, { data: { renewalReminders: true } }),
    'PUT /api/profiles/reminders': put,
  });
  renderWithApp(<ProfilePage />, { profile: me });
  const card = screen.getByRole('region', { name: 'Renewal reminders' });
  const toggle = within(card).getByRole('switch', { name: 'Send me renewal reminders' });
  return { api, card, toggle };
}

describe('renewal reminders on the profile', () => {
  it('shows the switch on, turns reminders off and says so', async () => {
    const { api, card, toggle } = renderCard(savedOff);
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(api.calls('PUT', '/api/profiles/reminders')).toHaveLength(1));
    const body = api.calls('PUT', '/api/profiles/reminders')[0].body!;
    expect(body.get('renewalReminders')).toBe('false');
    expect(await within(card).findByText(/You will get no renewal reminders/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Renewal reminders are off.' }),
    );
  });

  it('holds the asked value from the click on, while the answer is on its way', async () => {
    let answer: ((r: Response) => void) | undefined;
    const { api, card, toggle } = renderCard(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    // One synchronous click, read at once, as a browser driver does: no timer may run between.
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(api.calls('PUT', '/api/profiles/reminders')).toHaveLength(1));
    expect(toggle).not.toBeChecked();
    answer!(savedOff());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(within(card).getByText(/You will get no renewal reminders/)).toBeInTheDocument();
  });

  it('goes back to the saved value when the change fails', async () => {
    const { card, toggle } = renderCard(() =>
      jsonResponse(500, { message: 'Something went wrong.' }),
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(within(card).queryByText(/You will get no renewal reminders/)).toBeNull();
  });

  it('is not shown to staff', () => {
    mockApi({});
    renderWithApp(<ProfilePage />, { profile: { ...admin, id: 6 } });
    expect(screen.queryByRole('region', { name: 'Renewal reminders' })).toBeNull();
  });
});
