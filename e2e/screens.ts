/**
 * Every screen of the app, for the specs that sweep them all (e2e/a11y.spec.ts: axe-core;
 * e2e/nepali-text.spec.ts: no Latin UI text in Nepali). Each entry is a route of
 * src/client/app/App.tsx or src/client/features/resources/routes.ts, visited as a role that may
 * see it, with seeded data in it, plus the open states that matter (dialogs, menus).
 *
 * To add a screen, add an entry to SCREEN_LIST: `path` is built from the seeded data, `ready`
 * waits for the data the screen shows (the loaders are waited for anyway), `open` puts the
 * screen in a state after it is ready (a dialog, a menu). The same signed-in context per role
 * and language is reused for all of a role's screens, so a screen must not change what other
 * screens show (dialogs are opened, never confirmed).
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { bsToAd } from '../src/shared/bs-date.js';
import { RESOURCE_ROUTES } from '../src/client/features/resources/routes.js';
import {
  apiAccept,
  apiApprove,
  apiCreateApplication,
  apiLogin,
  apiRegister,
  apiVerify,
} from './api';
import {
  API,
  CITIZENSHIP,
  inPage,
  MESSAGES,
  screenPage,
  unique,
  type Device,
  type Lang,
  type Messages,
} from './support';
import { listOf } from './lists';

/** Who looks at a screen: signed out, an applicant with applications, ward 1's admin, admin. */
export type Role = 'public' | 'applicant' | 'ward1' | 'admin';
export const ROLES: Role[] = ['public', 'applicant', 'ward1', 'admin'];

/** What the seeding leaves for the screens to show (ids of the API). */
export interface ScreenData {
  /** The applicant's session (token and user, as the app stores them). */
  applicant: { token: string; user: unknown };
  /** Approved: registration number, certificate, a counter payment with a receipt. */
  approvedId: number;
  approvedName: string;
  registrationNo: string;
  receiptId: number;
  verifyCode: string;
  /** Submitted, waiting for ward 1 to verify (verify / reject dialogs). */
  pendingId: number;
  pendingName: string;
  /** Verified, bill assessed, unpaid (payment dialog, online payment choice). */
  verifiedId: number;
  verifiedName: string;
  /** An old paper registration, accepted and long expired: due for renewal. */
  oldId: number;
  oldName: string;
}

type Step = (page: Page, m: Messages, d: ScreenData) => Promise<void>;

export interface Screen {
  /** Unique name, printed in reports (`role:name`). */
  name: string;
  role: Role;
  path: (d: ScreenData) => string;
  /** Waits for the screen's data (after the generic wait for loaders). */
  ready?: Step;
  /** Puts the screen in a state worth scanning (opens a dialog or menu). */
  open?: Step;
  /** Also scanned at phone width (the layouts that differ most: navbar burger, tables). */
  phone?: boolean;
}

const heading =
  (name: string): Step =>
  async (page) => {
    await expect(page.getByRole('heading', { name }).first()).toBeVisible();
  };
const text =
  (s: (m: Messages, d: ScreenData) => string): Step =>
  async (page, m, d) => {
    await expect(page.getByText(s(m, d)).first()).toBeVisible();
  };
const clickButton =
  (name: (m: Messages) => string): Step =>
  async (page, m) => {
    await page
      .getByRole('button', { name: name(m), exact: true })
      .first()
      .click();
    await expect(page.getByRole('dialog').last()).toBeVisible();
  };

/** Resource lists of SPEC §2, each as the system admin (who holds every permission). */
/** A list screen is ready when its table (or, below 600 px, its cards) shows. */
const listShown: Step = async (page) => {
  await expect(listOf(page)).toBeVisible();
};

const resourceScreens: Screen[] = RESOURCE_ROUTES.map((r) => ({
  name: `resource ${r.path}`,
  role: 'admin' as const,
  path: () => r.path,
  ready: listShown,
  phone: r.path === '/business-type',
}));

export const SCREEN_LIST: Screen[] = [
  // Public (signed out).
  { name: 'login', role: 'public', path: () => '/user/login', phone: true },
  { name: 'register', role: 'public', path: () => '/register', phone: true },
  { name: 'forgot password', role: 'public', path: () => '/forget/password' },
  { name: 'reset password', role: 'public', path: () => '/reset/password' },
  { name: 'verify form', role: 'public', path: () => '/verify' },
  {
    name: 'verify certificate',
    role: 'public',
    path: (d) => `/verify/${d.verifyCode}`,
    ready: async (page) => {
      await expect(page.getByTestId('verify-status')).toBeVisible();
    },
    phone: true,
  },
  {
    name: 'verify not genuine',
    role: 'public',
    path: () => '/verify/1-AAAAAAAAAAAA',
    ready: async (page) => {
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  // the public register (issue 19 §6): a search with its result
  {
    name: 'public register',
    role: 'public',
    path: (d) => `/public-register?q=${encodeURIComponent(d.approvedName)}`,
    ready: async (page) => {
      await expect(page.getByTestId('public-register-results')).toBeVisible();
    },
    phone: true,
  },
  { name: 'not found', role: 'public', path: () => '/no-such-page' },
  { name: 'user manual', role: 'public', path: () => '/manual', phone: true },

  // The applicant.
  // An applicant's /dashboard is their home (issue 17 §1).
  {
    name: 'applicant home',
    role: 'applicant',
    path: () => '/dashboard',
    ready: async (page, m, d) => {
      await heading(m.home.title)(page, m, d);
      await expect(page.getByText(d.verifiedName)).toBeVisible();
    },
    phone: true,
  },
  {
    name: 'profile',
    role: 'applicant',
    path: () => '/profile',
    ready: async (page, m) => {
      await expect(page.getByRole('region', { name: m.profileDocs.title })).toBeVisible();
    },
  },
  // The header's bell is a link to this page (no menu).
  { name: 'notifications', role: 'applicant', path: () => '/notifications' },
  {
    name: 'applications (applicant)',
    role: 'applicant',
    path: () => '/business/applications',
    ready: text((_, d) => d.approvedName),
  },
  {
    name: 'application detail (approved)',
    role: 'applicant',
    path: (d) => `/business/applications/${d.approvedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.approvedName, level: 2 })).toBeVisible();
    },
    phone: true,
  },
  {
    name: 'application detail history',
    role: 'applicant',
    path: (d) => `/business/applications/${d.approvedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.approvedName, level: 2 })).toBeVisible();
    },
    open: async (page, m) => {
      await page.getByRole('tab', { name: new RegExp(`^${m.detail.tabs.history}`) }).click();
    },
  },
  {
    name: 'application detail documents',
    role: 'applicant',
    path: (d) => `/business/applications/${d.approvedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.approvedName, level: 2 })).toBeVisible();
    },
    open: async (page, m) => {
      await page.getByRole('tab', { name: new RegExp(`^${m.detail.tabs.images}`) }).click();
      await expect(page.getByRole('tabpanel').getByRole('img').first()).toBeVisible();
    },
  },
  {
    name: 'application detail (to pay online)',
    role: 'applicant',
    path: (d) => `/business/applications/${d.verifiedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.verifiedName, level: 2 })).toBeVisible();
    },
  },
  {
    name: 'certificate',
    role: 'applicant',
    path: (d) => `/business/certificate/${d.approvedId}`,
    ready: heading(MESSAGES['en-US'].certificate.heading),
    phone: true,
  },
  {
    name: 'receipt',
    role: 'applicant',
    path: (d) => `/payments/${d.receiptId}/receipt`,
    ready: async (page) => {
      await expect(page.getByTestId('receipt-total')).toBeVisible();
    },
  },
  { name: 'apply new', role: 'applicant', path: () => '/apply-new' },
  { name: 'submitted', role: 'applicant', path: () => '/apply-new/success' },
  {
    name: 'single registration form',
    role: 'applicant',
    path: () => '/single_registration',
    ready: async (page) => {
      await expect(page.locator('form select[name=businessTypeId] option')).not.toHaveCount(1);
    },
    phone: true,
  },
  {
    name: 'multiple registration form',
    role: 'applicant',
    path: () => '/multiple_registration?step=owners',
    ready: async (page) => {
      await expect(page.locator('form input[name^="owners."][name$=".name"]')).toHaveCount(2);
    },
  },
  {
    name: 'edit registration',
    role: 'applicant',
    path: (d) => `/edit-registration/${d.pendingId}`,
    // an edit opens on "check your answers"
    ready: text((_, d) => d.pendingName),
  },
  {
    name: 'renewal list',
    role: 'applicant',
    path: () => '/renewRegistrationList',
    ready: text((_, d) => d.oldName),
  },
  {
    name: 'renew',
    role: 'applicant',
    path: (d) => `/re-new-registration/${d.oldId}`,
    ready: async (page) => {
      await expect(page.getByTestId('years-due')).toBeVisible();
    },
  },
  { name: 'payment return (no answer)', role: 'applicant', path: () => '/payment/esewa/return' },

  // Ward 1's admin.
  {
    name: 'dashboard (ward admin)',
    role: 'ward1',
    path: () => '/dashboard',
    ready: async (page, m, d) => heading(m.dashboard.title)(page, m, d),
  },
  {
    name: 'applications (ward admin)',
    role: 'ward1',
    path: () => '/business/applications',
    ready: text((_, d) => d.pendingName),
    phone: true,
  },
  ...(['verify', 'reject'] as const).map((action): Screen => ({
    name: `${action} dialog`,
    role: 'ward1',
    path: (d) => `/business/applications/${d.pendingId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.pendingName, level: 2 })).toBeVisible();
    },
    open: clickButton((m) => m.actions[action]),
  })),
  {
    name: 'payment dialog',
    role: 'ward1',
    path: (d) => `/business/applications/${d.verifiedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.verifiedName, level: 2 })).toBeVisible();
    },
    open: clickButton((m) => m.actions.manualPayment),
  },
  {
    name: 'BS date picker (payment dialog)',
    role: 'ward1',
    path: (d) => `/business/applications/${d.verifiedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.verifiedName, level: 2 })).toBeVisible();
    },
    open: async (page, m, d) => {
      await clickButton((x) => x.actions.manualPayment)(page, m, d);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: m.datePicker.open })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: m.datePicker.dialog })).toBeVisible();
    },
    phone: true,
  },
  {
    name: 'send notification dialog',
    role: 'ward1',
    path: (d) => `/business/applications/${d.pendingId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.pendingName, level: 2 })).toBeVisible();
    },
    open: clickButton((m) => m.notifications.send),
  },
  {
    name: 'payments (ward admin)',
    role: 'ward1',
    path: () => '/payments',
    ready: listShown,
  },

  // The system admin.
  {
    name: 'dashboard (admin)',
    role: 'admin',
    path: () => '/dashboard',
    ready: async (page, m, d) => heading(m.dashboard.title)(page, m, d),
    phone: true,
  },
  {
    name: 'applications (admin)',
    role: 'admin',
    path: () => '/business/applications',
    ready: text((_, d) => d.approvedName),
  },
  {
    name: 'application detail (admin, approved)',
    role: 'admin',
    path: (d) => `/business/applications/${d.approvedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.approvedName, level: 2 })).toBeVisible();
    },
  },
  {
    name: 'revoke dialog',
    role: 'admin',
    path: (d) => `/business/applications/${d.approvedId}/detail`,
    ready: async (page, _, d) => {
      await expect(page.getByRole('heading', { name: d.approvedName, level: 2 })).toBeVisible();
    },
    // issue 17 §7: revoking is in the "More actions" menu
    open: async (page, m) => {
      await page.getByRole('button', { name: new RegExp(m.staff.detail.moreActions) }).click();
      await page.getByRole('menuitem', { name: m.verify.revoke }).click();
      await expect(page.getByRole('dialog').last()).toBeVisible();
    },
  },
  {
    name: 'payments',
    role: 'admin',
    path: () => '/payments',
    ready: listShown,
  },
  { name: 'reconciliation', role: 'admin', path: () => '/payments/reconciliation' },
  // the staff reports (issue 19 §7): the receipt register, and ward 1's collection
  { name: 'reports', role: 'admin', path: () => '/reports', phone: true },
  {
    name: 'reports collection',
    role: 'ward1',
    path: () => '/reports',
    open: async (page, m) => {
      await page.getByRole('tab', { name: m.reports.tabs.collection }).click();
      // a table on a desktop, cards below 600 px (ListCards): wait for the panel and its data
      await expect(page.getByRole('tabpanel', { name: m.reports.tabs.collection })).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  // the BS calendar's corrections (issue 16 §6): the years, and a provisional year's editor
  {
    name: 'BS calendar',
    role: 'admin',
    path: () => '/settings/calendar',
    ready: listShown,
    phone: true,
  },
  {
    name: 'BS calendar editor',
    role: 'admin',
    path: () => '/settings/calendar',
    ready: listShown,
    open: async (page, m) => {
      const year = m === MESSAGES.ne ? '२०८५' : '2085';
      await page
        .getByRole('button', { name: m.calendar.editYear.replace('{{year}}', year) })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    phone: true,
  },
  {
    name: 'outbox',
    role: 'admin',
    path: () => '/notifications/outbox',
    ready: listShown,
  },
  ...resourceScreens,
  {
    name: 'resource form dialog (business type)',
    role: 'admin',
    path: () => '/business-type',
    ready: listShown,
    open: async (page, m) => {
      await page
        .getByRole('button', {
          name: m.resource.createTitle.replace('{{name}}', m.entities.businessType),
        })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'resource form dialog (user)',
    role: 'admin',
    path: () => '/users',
    ready: listShown,
    open: async (page, m) => {
      await page
        .getByRole('button', { name: m.resource.createTitle.replace('{{name}}', m.entities.user) })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

/** Seeds the applications the screens show, through the API (one applicant, four cases). */
export async function seedScreens(): Promise<ScreenData> {
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: 'Sita Tamang',
    username: `sita_${stamp}`,
    phone: mobile,
  });
  const t = session.token;
  const approvedName = `Himalayan Tea House ${stamp}`;
  const approved = await apiCreateApplication(t, approvedName, 'Sita Tamang', mobile);
  const registrationNo = await apiApprove(approved.id, `R-${stamp}`);
  const pendingName = `Mountain Momo ${stamp}`;
  const pending = await apiCreateApplication(t, pendingName, 'Sita Tamang', mobile);
  const verifiedName = `Valley Cafe ${stamp}`;
  const verified = await apiCreateApplication(t, verifiedName, 'Sita Tamang', mobile);
  await apiVerify(verified.id);
  const oldName = `Old Bazaar Sweets ${stamp}`;
  const old = await apiCreateApplication(t, oldName, 'Sita Tamang', mobile, {
    isOldRegistration: '1',
    oldRegistrationNo: `OLD-${stamp}/2079-80`,
    oldRegistrationDate: bsToAd({ year: 2079, month: 5, day: 10 }),
    oldCertificate: { file: CITIZENSHIP, type: 'image/png' },
  });
  await apiAccept(old.id);
  const admin = await apiLogin('admin');
  const res = await fetch(`${API}/applications/${approved.id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const detail = (await res.json()) as {
    data: { certificate: { verifyCode: string }; payments: { id: number }[] };
  };
  return {
    applicant: session,
    approvedId: approved.id,
    approvedName,
    registrationNo,
    receiptId: detail.data.payments[0].id,
    verifyCode: detail.data.certificate.verifyCode,
    pendingId: pending.id,
    pendingName,
    verifiedId: verified.id,
    verifiedName,
    oldId: old.id,
    oldName,
  };
}

/**
 * One browser context per role, language and device, signed in through the API once (the
 * staff log in with the demo accounts) and reused for every screen of the role.
 */
export class RoleContexts {
  private contexts = new Map<string, Promise<Page>>();
  private sessions = new Map<Role, Promise<{ token: string; user: unknown } | undefined>>();

  constructor(
    private browser: Browser,
    private data: ScreenData,
  ) {}

  private session(role: Role) {
    let s = this.sessions.get(role);
    if (!s) {
      s =
        role === 'public'
          ? Promise.resolve(undefined)
          : role === 'applicant'
            ? Promise.resolve(this.data.applicant)
            : apiLogin(role);
      this.sessions.set(role, s);
    }
    return s;
  }

  /** The page of the role's context at this device and language. */
  page(role: Role, lang: Lang, device: Device = 'desktop'): Promise<Page> {
    const key = `${role}/${lang}/${device}`;
    let p = this.contexts.get(key);
    if (!p) {
      p = this.session(role).then((s) => screenPage(this.browser, device, lang, s));
      this.contexts.set(key, p);
    }
    return p;
  }

  async close() {
    const pages = await Promise.all(this.contexts.values());
    await Promise.all(pages.map((p) => p.context().close()));
    this.contexts.clear();
  }
}

/**
 * Opens a screen: goes to its path, waits for the loaders to go and the screen's data, then
 * puts it in its open state.
 *
 * Within the app the route changes in place (history.pushState and a popstate event, which
 * react-router follows), so the bundle, fonts and session are not loaded again for every
 * screen; the new route (or its loader) renders by the second animation frame. The first
 * visit, a revisit of the same path and a screen that opens a dialog load the page.
 */
export async function visit(page: Page, screen: Screen, lang: Lang, data: ScreenData) {
  const m = MESSAGES[lang];
  const target = screen.path(data);
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  // Dialogs open on a freshly loaded page: nothing left from the screen before.
  if (here && here.pathname + here.search !== target && !screen.open) {
    await inPage(
      page,
      `new Promise((done) => {
        history.pushState(null, '', ${JSON.stringify(target)});
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
        // React renders the new route (or its Suspense loader) by the second frame.
        requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)));
      })`,
    );
  } else {
    await page.goto(target);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('h1, h2, h3').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  if (screen.ready) await screen.ready(page, m, data);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  if (screen.open) {
    await screen.open(page, m, data);
    // Mantine's transitions (dialogs, popovers) last up to 200 ms; let them settle.
    await page.waitForTimeout(250);
  }
  await inPage(page, 'document.fonts.ready.then(() => undefined)');
}
