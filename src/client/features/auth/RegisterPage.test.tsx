/**
 * Registration in two steps (issue 5 §1): the details send a code, the code step shows the
 * phone, a wrong code is shown on the code, resend waits for its countdown, and a right code
 * (Devanagari digits too) signs the new user in. Issue 16 §3: both steps send JSON, and a
 * username found taken at step 2 goes back to the details and keeps the code.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY } from '../../lib/session';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import RegisterPage from './RegisterPage';

const user = {
  id: 7,
  name: 'Sita Tamang',
  username: 'sita',
  phone: '9812345678',
  email: null,
  gender: 'female',
  userType: 'user',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['user'],
  permissions: [],
};

resetEachTest();

async function fillDetails() {
  await userEvent.type(screen.getByLabelText(/Full name/), 'Sita Tamang');
  await userEvent.type(screen.getByLabelText(/^Username/), 'sita');
  await userEvent.type(screen.getByLabelText(/Mobile number/), '9812345678');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Darta@2082');
  await userEvent.type(screen.getByLabelText(/Confirm password/), 'Darta@2082');
  await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const digit = (n: number) =>
  screen.getByRole('textbox', { name: `Verification code: Digit ${n} of 6` });

describe('RegisterPage', () => {
  it('checks the details on the client before asking for a code', async () => {
    const api = mockApi({});
    renderWithApp(<RegisterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('This filed is required')).not.toHaveLength(0);
    expect(api.requests).toHaveLength(0);
  });

  it('shows the server errors of step 1 on the fields', async () => {
    mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { phone: ['validation.mobile'] },
        }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();
    await waitFor(() =>
      expect(screen.getByLabelText(/Mobile number/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.queryByText(/We sent an SMS/)).not.toBeInTheDocument();
  });

  it('sends a code, shows the code step, refuses a wrong code, then registers', async () => {
    let attempt = 0;
    const api = mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
      'POST /api/register': () =>
        ++attempt === 1
          ? jsonResponse(422, {
              message: 'The code is not correct.',
              errors: { otp: ['errors.otpInvalid'] },
            })
          : jsonResponse(201, { data: { token: 'tok', user } }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();

    expect(
      await screen.findByText(
        'We sent an SMS to 9812345678 with a 6-digit code. If this number already has an account, the SMS says so instead.',
      ),
    ).toBeInTheDocument();
    const sent = api.calls('POST', '/api/register/otp');
    expect(sent).toHaveLength(1);
    expect(sent[0].json).toEqual({
      name: 'Sita Tamang',
      username: 'sita',
      phone: '9812345678',
      password: 'Darta@2082',
      password_confirmation: 'Darta@2082',
      gender: 'female',
    });
    // Six labelled cells, a one-time-code keyboard and autofill.
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(digit(1)).toHaveAttribute('inputmode', 'numeric');
    expect(digit(6)).toBeInTheDocument();
    // Resend waits for the server's 60 s.
    const resend = screen.getByRole('button', { name: /Send again in \d+ s/ });
    expect(resend).toBeDisabled();

    await userEvent.click(digit(1));
    await userEvent.paste('111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    // A Nepali keyboard's digits are accepted and sent as Latin digits.
    await userEvent.click(digit(1));
    await userEvent.paste('१२३४५६');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    const created = api.calls('POST', '/api/register');
    expect(created).toHaveLength(2);
    expect(created[1].json).toMatchObject({
      otp: '123456',
      username: 'sita',
      password: 'Darta@2082',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('requires six digits before sending the code', async () => {
    const api = mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();
    await screen.findByText(/We sent an SMS/);
    await userEvent.click(digit(1));
    await userEvent.paste('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.calls('POST', '/api/register')).toHaveLength(0);
  });

  it('enables resend when the countdown ends and shows a 429 as an alert', async () => {
    let sends = 0;
    const api = mockApi({
      'POST /api/register/otp': () =>
        ++sends === 1
          ? jsonResponse(200, { message: 'Success', data: { resendIn: 1, expiresIn: 300 } })
          : jsonResponse(429, { message: 'Wait 42 seconds before asking for another code.' }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();
    expect(await screen.findByRole('button', { name: /Send again in 1 s/ })).toBeDisabled();
    // waits for the real one-second countdown, as long as a busy machine needs (setup.ts)
    const resend = await screen.findByRole('button', { name: 'Send the code again' });
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wait 42 seconds before asking for another code.',
    );
    expect(api.calls('POST', '/api/register/otp')).toHaveLength(2);
  });

  it('a username taken at step 2 goes back to the details; a new username reuses the code', async () => {
    let attempt = 0;
    const api = mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
      'POST /api/register': () =>
        ++attempt === 1
          ? jsonResponse(422, {
              message: 'The given data was invalid.',
              errors: { username: ['errors.usernameTaken'] },
            })
          : jsonResponse(201, { data: { token: 'tok', user } }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();
    await screen.findByText(/We sent an SMS/);
    await userEvent.click(digit(1));
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText(/^Username/));
    await userEvent.type(screen.getByLabelText(/^Username/), 'sita2');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // the same phone: no new SMS, the code step again
    await screen.findByText(/We sent an SMS/);
    expect(api.calls('POST', '/api/register/otp')).toHaveLength(1);
    await userEvent.click(digit(1));
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(api.calls('POST', '/api/register')[1].json).toMatchObject({
      username: 'sita2',
      otp: '123456',
    });
  });

  it('goes back to the details with "Change details", keeping what was typed', async () => {
    mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
    });
    renderWithApp(<RegisterPage />);
    await fillDetails();
    await screen.findByText(/We sent an SMS/);
    await userEvent.click(screen.getByRole('button', { name: 'Change details' }));
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('9812345678');
  });

  it('shows the code step in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'POST /api/register/otp': () =>
        jsonResponse(200, { message: 'Success', data: { resendIn: 60, expiresIn: 300 } }),
    });
    renderWithApp(<RegisterPage />);
    await userEvent.type(screen.getByLabelText(/पूरा नाम/), 'सीता तामाङ');
    await userEvent.type(screen.getByLabelText(/^प्रयोगकर्ता नाम/), 'sita');
    await userEvent.type(screen.getByLabelText(/मोबाइल नम्बर/), '9812345678');
    await userEvent.type(screen.getByLabelText(/^पासवर्ड\s*\*?$/), 'Darta@2082');
    await userEvent.type(screen.getByLabelText(/पासवर्ड पुष्टि/), 'Darta@2082');
    await userEvent.click(screen.getByRole('radio', { name: 'महिला' }));
    await userEvent.click(screen.getByRole('button', { name: 'अगाडि बढ्नुहोस्' }));
    expect(
      await screen.findByText(
        'हामीले ९८१२३४५६७८ मा ६ अंकको कोडसहित एसएमएस पठाएका छौं। यो नम्बरमा पहिले नै खाता भए एसएमएसमा त्यही लेखिएको हुन्छ।',
      ),
    ).toBeInTheDocument();
  });
});
