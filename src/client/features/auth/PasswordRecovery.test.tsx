/**
 * Password recovery (SPEC §2; issue 5 §2): both request paths, the neutral notice, the login
 * carried to /reset/password, a wrong code shown on the code, and success back to sign-in
 * with a notice. The login page links to recovery.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { renderAt } from '../../test/renderApp';

resetEachTest();

const digit = (n: number) =>
  screen.getByRole('textbox', { name: `Verification code: Digit ${n} of 6` });

describe('password recovery', () => {
  it('links to recovery from the login page, at /forget-password', async () => {
    mockApi({});
    renderAt('/user/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
  });

  it('also answers at /forget/password and requires a login', async () => {
    const api = mockApi({});
    renderAt('/forget/password');
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This filed is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('asks for a code, resets the password with it, and returns to sign-in', async () => {
    let resets = 0;
    const api = mockApi({
      'POST /api/password/forgot': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
      'POST /api/password/reset': () =>
        ++resets === 1
          ? jsonResponse(422, {
              message: 'The code is not correct.',
              errors: { otp: ['errors.otpInvalid'] },
            })
          : jsonResponse(200, { message: 'Updated Successfully' }),
    });
    renderAt('/forget-password');
    await userEvent.type(await screen.findByLabelText(/Username or phone number/), 'sita');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // The reset page, with the neutral notice and the login carried over.
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(
      screen.getByText('If an account matches, a code has been sent to its phone.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Username or phone number/)).toHaveValue('sita');
    expect(api.calls('POST', '/api/password/forgot')[0].json).toEqual({ login: 'sita' });
    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();

    // Client rules first: the passwords must match.
    await userEvent.click(digit(1));
    await userEvent.paste('123456');
    await userEvent.type(screen.getByLabelText(/^New password/), 'NewPass@2083');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'Other@2083');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.calls('POST', '/api/password/reset')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Confirm new password/));
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'NewPass@2083');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();

    await userEvent.click(digit(1));
    await userEvent.paste('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been changed. Sign in with the new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/password/reset')[1].json).toEqual({
      login: 'sita',
      otp: '654321',
      password: 'NewPass@2083',
      password_confirmation: 'NewPass@2083',
    });
  });
});
