/**
 * The user manual's screenshots (issue 7 §5), so the manual shows the screens as they are
 * today. For each language the spec sets up an applicant with applications in every state
 * through the API (pending, verified, paid, approved, an accepted old paper registration),
 * then walks the manual's topics in the browser as the applicant, ward 1's admin and the
 * system admin, and saves one picture per step into src/client/public/manual/{en,ne}/ as a
 * 1024×700 JPEG (quality 70), the size ManualPage declares. Dialogs are opened and filled but
 * cancelled, so the data stays as the other pictures need it. Last, the manual page itself
 * for docs/screenshots (every entry of SCREENS), with the new pictures served to it.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bsToAd } from '../src/shared/bs-date.js';
import { MANUAL_IMAGE, MANUAL_TOPICS, manualFolder } from '../src/client/features/manual/topics.js';
import {
  apiAccept,
  apiApprove,
  apiCounterPayment,
  apiCreateApplication,
  apiLogin,
  apiRegister,
  apiVerify,
} from './api';
import { MANUAL_DIR, manualPage, manualSnap } from './manual-pictures';
import {
  API,
  CITIZENSHIP,
  inPage,
  MESSAGES,
  PASSWORD,
  PHOTO,
  SCREENS,
  screenPage,
  shoot,
  unique,
  type Lang,
  type Messages,
} from './support';

/** Manual pictures made by other specs: requests.spec.ts and register-reports.spec.ts. */
const OTHER_SPECS_PICTURES = [
  'amend',
  'amend-compare',
  'close',
  'duplicate',
  'public-register',
  'reports',
];

const OUT = MANUAL_DIR;
const LANGS: Lang[] = ['en-US', 'ne'];

interface Session {
  token: string;
  user: unknown;
}

/** What one language's pictures show: the same story with names in that language. */
interface Story {
  applicant: Session & { username: string };
  ward: Session;
  admin: Session;
  pending: { id: number; name: string };
  verified: { id: number; name: string };
  paid: { id: number; name: string };
  approved: { id: number; name: string; code: string };
  old: { id: number; name: string };
}

const NAMES = {
  'en-US': {
    owner: 'Sita Tamang',
    pending: 'Everest Momo Centre',
    verified: 'Annapurna Bakery',
    paid: 'Pokhara Fresh Mart',
    approved: 'Himalayan Tea House',
    old: 'Old Bazaar Sweets',
  },
  ne: {
    owner: 'सीता तामाङ',
    pending: 'सगरमाथा मम सेन्टर',
    verified: 'अन्नपूर्ण बेकरी',
    paid: 'पोखरा फ्रेस मार्ट',
    approved: 'हिमालयन चिया घर',
    old: 'पुरानो बजार मिठाई पसल',
  },
} as const;

async function setUp(lang: Lang): Promise<Story> {
  const n = NAMES[lang];
  const { stamp, mobile } = unique(lang === 'ne' ? '97' : '98');
  const session = await apiRegister({
    name: n.owner,
    username: `manual_${lang === 'ne' ? 'ne' : 'en'}_${stamp}`,
    phone: mobile,
  });
  const create = (name: string, extra = {}) =>
    apiCreateApplication(session.token, name, n.owner, mobile, extra);
  const old = await create(n.old, {
    isOldRegistration: '1',
    oldRegistrationNo: `${stamp % 1000}/2079-80`,
    oldRegistrationDate: bsToAd({ year: 2079, month: 5, day: 10 }),
    oldCertificate: { file: CITIZENSHIP, type: 'image/png' },
  });
  await apiAccept(old.id);
  const approved = await create(n.approved);
  await apiApprove(approved.id, `R-${stamp}-1`);
  const paid = await create(n.paid);
  await apiVerify(paid.id);
  const ward = await apiLogin('ward1');
  await apiCounterPayment(ward.token, paid.id, `R-${stamp}-2`);
  const verified = await create(n.verified);
  await apiVerify(verified.id);
  const pending = await create(n.pending);
  const admin = await apiLogin('admin');
  const detail = (await (
    await fetch(`${API}/applications/${approved.id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
  ).json()) as { data: { certificate: { verifyCode: string } } };
  return {
    applicant: { ...session, username: session.user.username },
    ward,
    admin,
    pending: { id: pending.id, name: n.pending },
    verified: { id: verified.id, name: n.verified },
    paid: { id: paid.id, name: n.paid },
    approved: { id: approved.id, name: n.approved, code: detail.data.certificate.verifyCode },
    old: { id: old.id, name: n.old },
  };
}

/** Pictures saved in this run, `en/apply` etc. */
const saved = new Set<string>();

/** manualSnap, remembering the picture as made by this run. */
async function snap(page: Page, lang: Lang, name: string, at?: Locator) {
  saved.add(await manualSnap(page, lang, name, { at }));
}

function nav(page: Page, m: Messages) {
  return page.getByRole('navigation', { name: m.nav.main });
}

async function openDetail(page: Page, id: number, name: string) {
  await page.goto(`/business/applications/${id}/detail`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });
// A step that cannot happen fails in half a minute, not at the end of the long test.
test.use({ actionTimeout: 30_000 });

for (const lang of LANGS) {
  test(`manual pictures (${lang})`, async ({ browser }) => {
    test.setTimeout(400_000);
    const m = MESSAGES[lang];
    const s = await setUp(lang);
    const { mobile } = unique(lang === 'ne' ? '97' : '98');

    // ---- signed out: create an account (both steps), sign in, forgotten password, verify
    let page = await manualPage(browser, lang);
    await page.goto('/user/login');
    await page.getByRole('link', { name: m.auth.registerLink, exact: true }).click();
    await expect(page.getByRole('heading', { name: m.auth.registerTitle })).toBeVisible();
    await page.getByLabel(m.auth.name).fill(NAMES[lang].owner);
    await page.locator('input[name=username]').fill(`sita_${mobile}`);
    await page.getByLabel(m.auth.phone).fill(mobile);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('input[name=password_confirmation]').fill(PASSWORD);
    await page.getByRole('radio', { name: m.gender.female, exact: true }).check();
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'register');
    await page.getByRole('button', { name: m.otp.continue, exact: true }).click();
    await expect(page.getByText(m.otp.stepCode)).toBeVisible();
    await snap(page, lang, 'register-code');

    await page.goto('/user/login');
    await page.getByLabel(m.auth.usernameOrPhone).fill(s.applicant.username);
    await page.locator('input[name=password]').fill(PASSWORD);
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'signin');
    await page.getByRole('link', { name: m.forgot.link }).click();
    await expect(page.getByRole('heading', { name: m.forgot.title })).toBeVisible();
    await page.getByLabel(m.auth.usernameOrPhone).fill(s.applicant.username);
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'forgot');

    await page.goto(`/verify/${s.approved.code}`);
    await expect(page.getByTestId('verify-status')).toHaveText(m.verify.status.valid);
    await snap(page, lang, 'verify');
    await page.context().close();

    // ---- the applicant
    page = await manualPage(browser, lang, s.applicant);
    await page.goto('/profile#documents');
    const docs = page.getByRole('region', { name: m.profileDocs.title });
    await expect(docs.getByRole('img', { name: m.profile.photo })).toBeVisible();
    await snap(page, lang, 'profile', docs);

    await page.goto('/dashboard');
    await nav(page, m).getByRole('link', { name: m.nav.applyNew }).click();
    await page.getByRole('link', { name: m.applyNew.start }).click();
    await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
    await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);
    await page.locator('form [name=businessName]').fill(NAMES[lang].approved);
    await page
      .locator('select[name=businessTypeId]')
      .selectOption({ label: lang === 'ne' ? 'चिया तथा खाजा पसल' : 'Tea and snack shop' });
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'apply');

    // the owners step of the multiple-owner form
    await page.goto('/multiple_registration?step=owners');
    await expect(page.getByRole('heading', { name: m.form.titleMultiple })).toBeVisible();
    const owners = page.getByRole('region', { name: m.form.sections.owners });
    const people =
      lang === 'ne'
        ? [
            ['सीता तामाङ', 'राम बहादुर तामाङ', '२७-०१-७१-०००११'],
            ['हरि गुरुङ', 'श्याम गुरुङ', '२७-०१-७१-०००१२'],
          ]
        : [
            ['Sita Tamang', 'Ram Bahadur Tamang', '27-01-71-00011'],
            ['Hari Gurung', 'Shyam Gurung', '27-01-71-00012'],
          ];
    for (const [i, [name, father, citizenship]] of people.entries()) {
      await page.locator(`form [name="owners.${i}.name"]`).fill(name);
      await page.locator(`form [name="owners.${i}.fatherOrHusbandName"]`).fill(father);
      await page.locator(`form [name="owners.${i}.citizenshipNo"]`).fill(citizenship);
    }
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'apply-multiple', owners);

    await nav(page, m).getByRole('link', { name: m.nav.applications }).click();
    const list = page.getByRole('table', { name: m.applications.title });
    await expect(list.getByRole('link', { name: s.pending.name })).toBeVisible();
    await expect(list.getByRole('link', { name: s.approved.name })).toBeVisible();
    await snap(page, lang, 'status');

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: m.notifications.title })).toBeVisible();
    await expect(page.getByText(s.approved.name).first()).toBeVisible();
    await snap(page, lang, 'notifications');

    await openDetail(page, s.verified.id, s.verified.name);
    const pay = page.getByRole('region', { name: m.payOnline.title });
    await expect(pay.getByRole('radio', { name: m.payOnline.channel.esewa })).toBeVisible();
    await pay.getByRole('radio', { name: m.payOnline.channel.esewa }).check();
    await snap(page, lang, 'pay');

    await page.goto(`/business/certificate/${s.approved.id}`);
    await expect(
      page.getByRole('heading', { name: MESSAGES.ne.certificate.heading }),
    ).toBeVisible();
    await snap(page, lang, 'certificate');

    await nav(page, m).getByRole('link', { name: m.nav.renewals }).click();
    const renewals = page.getByRole('table', { name: m.renewal.listTitle });
    // a retry of this test makes a second business of the same name
    await expect(
      renewals.getByRole('link', { name: s.old.name, exact: true }).first(),
    ).toBeVisible();
    await snap(page, lang, 'renew-list');
    await renewals.getByRole('link', { name: m.renewal.renew }).first().click();
    await expect(page.getByRole('heading', { name: m.renewal.pageTitle })).toBeVisible();
    const estimate = page.getByRole('region', { name: m.estimate.title });
    await expect(estimate.getByTestId('years-due')).toBeVisible();
    await snap(page, lang, 'renew');
    await page.context().close();

    // ---- ward 1's admin: check the documents, reject (cancelled), counter payment, lists
    page = await manualPage(browser, lang, s.ward);
    // counter filing (issue 19 §4): the applicant chosen, their scans on the profile
    await page.goto(`/counter?applicant=${(s.applicant.user as { id: number }).id}`);
    await expect(page.getByTestId('counter-applicant')).toBeVisible();
    await snap(page, lang, 'counter-filing');
    await openDetail(page, s.pending.id, s.pending.name);
    await page.getByRole('tab', { name: new RegExp(m.detail.tabs.images) }).click();
    const checklist = page.getByRole('group', { name: m.actions.checklist }).first();
    await expect(checklist).toBeVisible();
    const boxes = checklist.getByRole('checkbox');
    await boxes.first().check();
    if ((await boxes.count()) > 1) await boxes.nth(1).check();
    await snap(page, lang, 'review');

    await page.getByRole('button', { name: m.actions.reject, exact: true }).click();
    let dialog = page.getByRole('dialog', { name: m.actions.reject });
    await dialog
      .getByLabel(m.actions.remarks)
      .fill(
        lang === 'ne'
          ? 'नागरिकता प्रमाणपत्रको पछाडिको पाटा प्रस्ट छैन। फेरि अपलोड गर्नुहोस्।'
          : 'The back of the citizenship certificate is not readable. Please upload it again.',
      );
    await snap(page, lang, 'reject');
    await dialog.getByRole('button', { name: m.common.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();

    await openDetail(page, s.verified.id, s.verified.name);
    await page.getByRole('button', { name: m.actions.manualPayment }).click();
    dialog = page.getByRole('dialog', { name: m.payment.title });
    await dialog.getByLabel(m.payment.receiptNo).fill('1234');
    await dialog.locator('input[type=file][name=receipt]').setInputFiles(PHOTO);
    await expect(dialog.locator('input[type=file][name=receipt] + *')).toContainText(
      path.basename(PHOTO),
    );
    await inPage(page, 'document.activeElement?.blur()');
    await snap(page, lang, 'counter');
    await dialog.getByRole('button', { name: m.common.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();

    await nav(page, m).getByRole('link', { name: m.nav.applications }).click();
    // this run's application (other specs, or a retry, may have made one with the same name)
    await expect(
      page
        .getByRole('table', { name: m.applications.title })
        .locator(`a[href="/business/applications/${s.pending.id}/detail"]`),
    ).toBeVisible();
    // the export menu, open: its two formats
    await page.getByRole('button', { name: m.export.button, exact: true }).click();
    await expect(page.getByRole('menuitem', { name: m.export.xlsx })).toBeVisible();
    await snap(page, lang, 'exports');
    await page.keyboard.press('Escape');

    await nav(page, m).getByRole('link', { name: m.payments.nav }).click();
    await expect(
      page
        .getByRole('table', { name: m.payments.title })
        .getByRole('link', { name: s.paid.name, exact: true })
        .first(),
    ).toBeVisible();
    await snap(page, lang, 'payments');
    await page.getByRole('link', { name: m.reconciliation.title }).click();
    await expect(page.getByRole('table', { name: m.reconciliation.title })).toBeVisible();
    await snap(page, lang, 'reconciliation');

    // renewal reminders (issue 19 §5): the old registration, reminded now from the renewals list
    await nav(page, m).getByRole('link', { name: m.nav.renewals }).click();
    await page.getByLabel(m.applications.search).fill(s.old.name);
    const dueList = page.getByRole('table', { name: m.renewal.listTitle });
    const oldRow = dueList
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: s.old.name, exact: true }) })
      .first();
    await oldRow
      .getByRole('button', { name: m.reminders.remindNowLabel.replace('{{name}}', s.old.name) })
      .click();
    await expect(oldRow.getByText(m.reminders.lastSent)).toBeVisible();
    await snap(page, lang, 'reminders');
    await page.context().close();

    // ---- the system admin: approve and revoke (both cancelled), setup data
    page = await manualPage(browser, lang, s.admin);
    await openDetail(page, s.paid.id, s.paid.name);
    await page.getByRole('button', { name: m.actions.approve, exact: true }).click();
    dialog = page.getByRole('dialog', { name: m.actions.approve });
    await expect(dialog.getByText(m.actions.help.approve)).toBeVisible();
    await snap(page, lang, 'approve');
    await dialog.getByRole('button', { name: m.common.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();

    await openDetail(page, s.approved.id, s.approved.name);
    // issue 17 §7: revoking is in the "More actions" menu
    await page.getByRole('button', { name: new RegExp(m.staff.detail.moreActions) }).click();
    await page.getByRole('menuitem', { name: m.verify.revoke }).click();
    dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(m.verify.revokeReason)
      .fill(lang === 'ne' ? 'गलत धनीको नाममा जारी भएको' : 'Issued to the wrong owner');
    await snap(page, lang, 'revoke');
    await dialog.getByRole('button', { name: m.common.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/fiscal-year');
    await expect(
      page.getByRole('table', { name: m.nav.fiscalYears }).locator('tbody tr'),
    ).not.toHaveCount(0);
    await snap(page, lang, 'setup');
    await page.goto('/tax-setup');
    await expect(
      page.getByRole('table', { name: m.nav.taxSetups }).locator('tbody tr'),
    ).not.toHaveCount(0);
    const add = m.resource.createTitle.replace('{{name}}', m.entities.taxSetup);
    await page.getByRole('button', { name: add }).click();
    dialog = page.getByRole('dialog', { name: add });
    await expect(dialog).toBeVisible();
    await snap(page, lang, 'setup-form');
    await page.context().close();

    // every picture the manual shows in this language was made just now, here or, for the
    // issue 19 services, by the spec that walks through them (requests.spec.ts,
    // register-reports.spec.ts)
    const folder = manualFolder(lang);
    const elsewhere = new Set(OTHER_SPECS_PICTURES);
    const wanted = MANUAL_TOPICS.flatMap((t) => t.images)
      .filter((i) => !elsewhere.has(i))
      .map((i) => `${folder}/${i}`);
    expect(wanted.filter((w) => !saved.has(w))).toEqual([]);
  });
}

test('the manual page, for docs/screenshots', async ({ browser }) => {
  for (const { device, lang, suffix } of SCREENS) {
    const m = MESSAGES[lang];
    const page = await screenPage(browser, device, lang);
    // The server serves the build made before this run: hand the page the pictures just made.
    await page.context().route('**/manual/*/*.jpg', (route) =>
      route.fulfill({
        path: path.join(OUT, ...new URL(route.request().url()).pathname.split('/').slice(2)),
        contentType: 'image/jpeg',
      }),
    );
    await page.goto('/user/login');
    await page.getByRole('link', { name: m.manual.nav }).click();
    await expect(page).toHaveURL(/\/manual$/);
    await expect(page.getByRole('heading', { name: m.manual.title, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: m.manual.contents }).getByRole('link'),
    ).toHaveCount(MANUAL_TOPICS.length);
    await shoot(page, `manual-${suffix}`, { fullPage: false });

    // a topic by its anchor: the picture is there, at its declared size
    await page
      .getByRole('navigation', { name: m.manual.contents })
      .getByRole('link', { name: m.manual.topics.apply.title })
      .click();
    await expect(page).toHaveURL(/\/manual#apply$/);
    const topic = page.getByRole('region', { name: m.manual.topics.apply.title });
    await expect(topic).toBeInViewport();
    const img = topic.getByRole('img').first();
    await expect(img).toHaveJSProperty('complete', true);
    await expect(img).toHaveJSProperty('naturalWidth', MANUAL_IMAGE.width);
    await shoot(page, `manual-topic-${suffix}`, { fullPage: false });
    await page.context().close();
  }
});
