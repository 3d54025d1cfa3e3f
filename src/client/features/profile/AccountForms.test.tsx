/**
 * Profile account forms (issue 5 §3): change password shows client and server errors and
 * signs out the other sessions (issue 16 §3: the server's default, no box to tick); editing
 * details refreshes the stored user and switches the language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLang } from '../../lib/i18n';
import { PROFILE_KEY } from '../../lib/auth';
import { USER_KEY } from '../../lib/session';
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLang('en-US');
});

const section = (name: string) => screen.getByRole('region', { name });

describe('change password', () => {
  it('checks the new password on the client, then shows a wrong current password', async () => {
    const api = mockApi({
      'POST /api/profiles/password': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { current_password: ['errors.wrongPassword'] },
        }),
    });
    renderWithApp(<ProfilePage />, { profile: me });
    const card = section('Change password');
    await userEvent.type(within(card).getByLabelText(/Current password/), 'Wrong@123');
    await userEvent.type(within(card).getByLabelText(/^New password/), 'short');
    await userEvent.type(within(card).getByLabelText(/Confirm new password/), 'short');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(
      await within(card).findByText(
        'Use 8 or more characters with at least one letter and one number',
        { selector: '.mantine-InputWrapper-error' },
      ),
    ).toBeInTheDocument();
    // nothing sent (the renewal reminders card reads its switch)
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await userEvent.clear(within(card).getByLabelText(/^New password/));
    await userEvent.type(within(card).getByLabelText(/^New password/), 'NewPass@2083');
    await userEvent.clear(within(card).getByLabelText(/Confirm new password/));
    await userEvent.type(within(card).getByLabelText(/Confirm new password/), 'NewPass@2083');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(
      await within(card).findByText('The current password is not correct.'),
    ).toBeInTheDocument();
    const body = api.calls('POST', '/api/profiles/password')[0].body!;
    expect(body.get('current_password')).toBe('Wrong@123');
  });

  it('signs out the other sessions by default and says how many', async () => {
    const api = mockApi({
      'POST /api/profiles/password': () =>
        jsonResponse(200, { message: 'Updated Successfully', data: { revoked: 2 } }),
    });
    renderWithApp(<ProfilePage />, { profile: me });
    const card = section('Change password');
    // nothing to tick: the form says what happens
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(
      within(card).getByText(
        'Changing the password signs out your other phones and computers; this one stays signed in.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText(/Current password/), 'Darta@2082');
    await userEvent.type(within(card).getByLabelText(/^New password/), 'NewPass@2083');
    await userEvent.type(within(card).getByLabelText(/Confirm new password/), 'NewPass@2083');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Your password has been changed. Other sessions signed out: 2.',
    );
    // no signOutOthers sent: the server's default (every other session ends) applies
    const sent = api.calls('POST', '/api/profiles/password')[0].body!;
    expect([...sent.keys()].sort()).toEqual([
      'current_password',
      'password',
      'password_confirmation',
    ]);
    expect(within(card).getByLabelText(/Current password/)).toHaveValue('');
  });
});

describe('edit details', () => {
  it('saves, refreshes the stored user and switches the language', async () => {
    const saved = { ...me, name: 'Sita T.', email: 'sita@example.com', lang: 'ne' };
    const api = mockApi({
      'POST /api/profiles': () => jsonResponse(200, { data: saved, message: 'Updated' }),
    });
    const { queryClient } = renderWithApp(<ProfilePage />, { profile: me });
    const card = section('Edit details');
    expect(within(card).getByLabelText(/Full name/)).toHaveValue('Sita Tamang');
    await userEvent.clear(within(card).getByLabelText(/Full name/));
    await userEvent.type(within(card).getByLabelText(/Full name/), 'Sita T.');
    await userEvent.type(within(card).getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(within(card).getByRole('radio', { name: 'Nepali' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save details' }));
    expect(await within(card).findByText('Enter a valid email address')).toBeInTheDocument();
    // nothing sent (the renewal reminders card reads its switch)
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await userEvent.clear(within(card).getByLabelText(/Email/));
    await userEvent.type(within(card).getByLabelText(/Email/), 'sita@example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(i18n.language).toBe('ne'));
    const body = api.calls('POST', '/api/profiles')[0].body!;
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Sita T.',
      email: 'sita@example.com',
      gender: 'male',
      lang: 'ne',
    });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(saved);
    expect(queryClient.getQueryData(PROFILE_KEY)).toEqual(saved);
    expect(localStorage.getItem('lang')).toBe('ne');
    expect(await screen.findByRole('heading', { name: 'विवरण सम्पादन' })).toBeInTheDocument();
  });
});
