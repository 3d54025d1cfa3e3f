/**
 * Acceptance tests of issue 5 through the browser: registration with the SMS code (a wrong
 * code first), sign-in and sign-out, password recovery through /forget-password with the code
 * from the SMS, sign-in with the new password while the old one fails; registration in
 * Nepali; an applicant's bell after ward 1 verifies their application and sends them a
 * message. The SMS are read from the log driver's file (e2e/sms.ts), as a person reads their
 * phone. Also the screenshots of these screens, in English and Nepali, phone and desktop.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiApprove, apiCreateApplication, apiRegister } from './api';
import { smsCode } from './sms';
import {
  enterCode,
  expectFieldError,
  escapeRegExp,
  login,
  logout,
  MESSAGES,
  openFromList,
  otpSentText,
  PASSWORD,
  registerAccount,
  switchLanguage,
  unique,
  screenPage,
  SCREENS,
  shoot,
} from './support';

const en = MESSAGES['en-US'];
const NEW_PASSWORD = 'Naya@2083pass';

/** A valid code that is not `code` (each digit shifted). */
function wrongCode(code: string) {
  return code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
}

/** Fills the sign-in form and submits it. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel(en.auth.usernameOrPhone).fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: en.auth.login, exact: true }).click();
}

test('register with an SMS code, sign in and out, recover the password by SMS', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const username = `gita_${stamp}`;

  // ---- register: details, then the code (a wrong one first)
  await page.goto('/user/login');
  await page.getByRole('link', { name: en.auth.registerLink, exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel(en.auth.name).fill('Gita Gurung');
  await page.locator('input[name=username]').fill(username);
  await page.getByLabel(en.auth.phone).fill(mobile);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(PASSWORD);
  await page.getByRole('radio', { name: en.gender.female, exact: true }).check();
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: en.otp.continue, exact: true }).click();
  await expect(page.getByText(otpSentText(mobile))).toBeVisible();
  // Resend waits for its countdown.
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  const code = await smsCode(mobile, since);

  await enterCode(page, wrongCode(code));
  await page.getByRole('button', { name: en.otp.verify, exact: true }).click();
  await expect(
    page.getByRole('form', { name: en.otp.stepCode }).getByText(en.errors.otpInvalid),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await enterCode(page, code);
  await page.getByRole('button', { name: en.otp.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(en.dashboard.welcome.replace('{{name}}', 'Gita Gurung')),
  ).toBeVisible();
  await logout(page);

  // ---- sign in with the password chosen at registration
  await login(page, username);
  await logout(page);

  // ---- recover the password at /forget-password with the code sent by SMS
  await page.getByRole('link', { name: en.forgot.link }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.getByLabel(en.auth.usernameOrPhone).fill(username);
  const resetSince = Date.now() - 1000;
  await page.getByRole('button', { name: en.forgot.send, exact: true }).click();
  await expect(page).toHaveURL(/\/reset\/password$/);
  await expect(page.getByText(en.forgot.sent)).toBeVisible();
  await expect(page.getByLabel(en.auth.usernameOrPhone)).toHaveValue(username);
  // The resend waits for its countdown; the code sent on the first request is used.
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  const resetCode = await smsCode(mobile, resetSince);
  expect(resetCode).not.toBe(code);
  await enterCode(page, resetCode);
  await page.locator('input[name=password]').fill(NEW_PASSWORD);
  await page.getByLabel(en.forgot.confirmPassword).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: en.forgot.reset, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByText(en.forgot.done)).toBeVisible();

  // ---- the old password fails, the new one works
  await signIn(page, username, PASSWORD);
  await expectFieldError(page, 'username', en.errors.invalidCredentials);
  await expect(page).toHaveURL(/\/user\/login$/);
  await signIn(page, mobile, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(en.dashboard.welcome.replace('{{name}}', 'Gita Gurung')),
  ).toBeVisible();
});

test('registers with the SMS code in Nepali', async ({ page }) => {
  const ne = MESSAGES.ne;
  const { stamp, mobile } = unique('97');
  await page.goto('/user/login');
  await switchLanguage(page, 'ne');
  // A wrong code is refused in Nepali too, then the right one registers.
  await page.getByRole('link', { name: ne.auth.registerLink, exact: true }).click();
  await page.getByLabel(ne.auth.name).fill('सीता तामाङ');
  await page.locator('input[name=username]').fill(`sita_ne_${stamp}`);
  await page.getByLabel(ne.auth.phone).fill(mobile);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(PASSWORD);
  await page.getByRole('radio', { name: ne.gender.female, exact: true }).check();
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: ne.otp.continue, exact: true }).click();
  await expect(page.getByText(otpSentText(mobile, 'ne'))).toBeVisible();
  const code = await smsCode(mobile, since);
  await enterCode(page, wrongCode(code), 'ne');
  await page.getByRole('button', { name: ne.otp.verify, exact: true }).click();
  await expect(
    page.getByRole('form', { name: ne.otp.stepCode }).getByText(ne.errors.otpInvalid),
  ).toBeVisible();
  // Typed with Nepali digits, as a Nepali keyboard would.
  const neCode = code.replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]);
  await enterCode(page, neCode, 'ne');
  await page.getByRole('button', { name: ne.otp.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(ne.dashboard.welcome.replace('{{name}}', 'सीता तामाङ')),
  ).toBeVisible();
  await logout(page, 'ne');
  await switchLanguage(page, 'en-US');

  // The shared helper, used by the other specs, goes through the same code step.
  const other = unique('98');
  await registerAccount(page, {
    name: 'Hari Thapa',
    username: `hari_${other.stamp}`,
    phone: other.mobile,
  });
});

test('the applicant sees a notification after ward 1 verifies and writes to them', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const username = `ram_${stamp}`;
  const session = await apiRegister({ name: 'Ram Karki', username, phone: mobile });
  const businessName = `Karki Kirana ${stamp}`;
  const app = await apiCreateApplication(session.token, businessName, 'Ram Karki', mobile);

  // ---- ward 1: verify, then a free-text message
  await login(page, 'ward1');
  await openFromList(page, businessName);
  await page.getByRole('button', { name: en.actions.verify, exact: true }).click();
  const verifyDialog = page.getByRole('dialog', { name: en.actions.verify });
  await verifyDialog.getByRole('button', { name: en.actions.verify, exact: true }).click();
  await expect(verifyDialog).toBeHidden();
  await expect(page.getByText(en.status.verified, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: en.notifications.send, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en.notifications.sendTitle });
  const message = 'Please bring the original citizenship certificate on Sunday.';
  await dialog.getByLabel(en.notifications.message).fill(message);
  await dialog.getByRole('button', { name: en.notifications.sendButton, exact: true }).click();
  await expect(dialog).toBeHidden();
  // Staff see the messages in the outbox (SMS to the applicant's phone).
  await page.goto('/notifications/outbox');
  const outbox = page.getByRole('table', { name: en.notifications.outboxTable });
  await expect(outbox.getByText(message).first()).toBeVisible();
  await expect(outbox.getByRole('link', { name: `#${app.id}` }).first()).toBeVisible();
  await logout(page);

  // ---- the applicant: the bell counts both, the list opens the application
  await login(page, username);
  const bell = page.getByRole('link', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toBeVisible();
  const count = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: en.notifications.title })).toBeVisible();
  const items = page.getByRole('list', { name: en.notifications.title }).getByRole('listitem');
  await expect(items.first()).toContainText(message);
  await expect(items.filter({ hasText: /has been verified/ })).toHaveCount(1);
  await items
    .filter({ hasText: /has been verified/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(new RegExp(`/business/applications/${app.id}/detail$`));
  await expect(
    page.getByRole('link', { name: `Notifications: ${count - 1} unread` }),
  ).toBeVisible();
  await page.goto('/notifications');
  await page.getByRole('button', { name: en.notifications.markAllRead }).click();
  await expect(page.getByRole('link', { name: en.notifications.bell, exact: true })).toBeVisible();
});

// ---- screenshots (docs/screenshots)

interface Fixture {
  token: string;
  user: unknown;
  username: string;
}
let fx: Fixture;

test.describe('account screenshots', () => {
  test.beforeAll(async () => {
    const { stamp, mobile } = unique('97');
    const username = `maya_${stamp}`;
    const session = await apiRegister({ name: 'Maya Shrestha', username, phone: mobile });
    const app = await apiCreateApplication(
      session.token,
      'Shrestha Tailors',
      'Maya Shrestha',
      mobile,
    );
    // Verified, paid and approved: three notifications, in the applicant's language.
    await apiApprove(app.id, `R-${stamp}`);
    fx = { token: session.token, user: session.user, username };
  });

  for (const { device, lang, short, suffix } of SCREENS) {
    test(`account screenshots ${short} ${device}`, async ({ browser }) => {
      const m = MESSAGES[lang];
      const { stamp, mobile } = unique('98');

      const publicPage = await screenPage(browser, device, lang);
      await publicPage.goto('/register');
      await expect(publicPage.getByRole('heading', { name: m.auth.registerTitle })).toBeVisible();
      await publicPage.getByLabel(m.auth.name).fill(lang === 'ne' ? 'सीता तामाङ' : 'Sita Tamang');
      await publicPage.locator('input[name=username]').fill(`shot_${stamp}`);
      await publicPage.getByLabel(m.auth.phone).fill(mobile);
      await publicPage.locator('input[name=password]').fill(PASSWORD);
      await publicPage.locator('input[name=password_confirmation]').fill(PASSWORD);
      await publicPage.getByRole('radio', { name: m.gender.female, exact: true }).check();
      await shoot(publicPage, `register-${suffix}`, { blur: true });
      await publicPage.getByRole('button', { name: m.otp.continue, exact: true }).click();
      await expect(publicPage.getByText(otpSentText(mobile, lang))).toBeVisible();
      await shoot(publicPage, `otp-${suffix}`, { blur: true });

      await publicPage.goto('/forget-password');
      await expect(publicPage.getByRole('heading', { name: m.forgot.title })).toBeVisible();
      await publicPage.getByLabel(m.auth.usernameOrPhone).fill(fx.username);
      await shoot(publicPage, `forgot-${suffix}`, { blur: true });
      await publicPage.getByRole('button', { name: m.forgot.send, exact: true }).click();
      await expect(publicPage.getByRole('heading', { name: m.forgot.resetTitle })).toBeVisible();
      await expect(publicPage.getByText(m.forgot.sent)).toBeVisible();
      await shoot(publicPage, `reset-${suffix}`, { blur: true });
      await publicPage.context().close();

      const page = await screenPage(browser, device, lang, fx);
      await page.goto('/profile');
      await expect(page.getByRole('region', { name: m.profileEdit.detailsTitle })).toBeVisible();
      await expect(page.getByRole('region', { name: m.profileEdit.passwordTitle })).toBeVisible();
      await shoot(page, `profile-account-${suffix}`, { blur: true });

      await page.goto('/notifications');
      const items = page.getByRole('list', { name: m.notifications.title }).getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(
        page.getByRole('link', {
          name: new RegExp(`^${escapeRegExp(m.notifications.bellUnread.split('{{')[0])}`),
        }),
      ).toBeVisible();
      await shoot(page, `notifications-${suffix}`, { blur: true });
      await page.context().close();
    });
  }
});
