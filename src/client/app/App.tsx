/**
 * Routes (SPEC §2). Public: `/` and `/user/login` (login, kept in the main bundle so the first
 * screen is light), `/register`. Everything else below the navigation guard, lazy-loaded per
 * page. Any other path is the not-found page (lazy too: it formats numbers, which pulls in the
 * date and number formatting code). The login route's first load is held to 170 KB gzip of JS
 * by `npm run size` (.size-limit.mjs, issue 8 §2).
 *
 * Pages are imported by file (`import('../features/<feature>/<Page>')`), the one exception to
 * "import a feature only through its index.ts" (eslint.features.js): a feature's index also
 * re-exports what other features use, and the bundler puts everything an index re-exports in
 * the chunk of whoever imports it — through an index, each route's chunk (or the login
 * screen's first load) would carry the feature's other exports.
 */
import {
  isValidElement,
  lazy as reactLazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  BrowserRouter,
  createRoutesFromChildren,
  matchRoutes,
  Route,
  Routes,
  useNavigate,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../lib/api';
import { useCurrentUser } from '../lib/auth';
import { loadAllTexts, loadLangs } from '../lib/i18n';
import { getStoredUser, getToken } from '../lib/session';
import type { User } from '../../shared/schemas/auth.js';
import { LoginPage } from '../features/auth/LoginPage';
import { PageLoader } from '../components/PageLoader';
import { RESOURCE_ROUTES } from '../features/resources';
import { Providers } from './Providers';
import { ShellFallback } from './ShellFallback';

/** A page fetched when first rendered, or earlier through `preloadRoute`. */
type LazyPage = ReturnType<typeof lazy> & { preload?: () => Promise<unknown> };

/**
 * Mantine's full stylesheet, in its CSS layer: main.tsx loads only what the login screen uses,
 * so every other page waits for this with its code (Vite resolves a dynamic import only once
 * the chunk's CSS has loaded, so no page renders unstyled).
 */
const fullStyles = () => import('@mantine/core/styles.layer.css');

/**
 * Starts `load` (a dynamic import) in a task of its own. The preload helper
 * (lib/preloadHelper.ts) adds the first few `<link rel=modulepreload>` of each import in the
 * calling task, and each insertion starts a request (~0.3 ms here, ~1 ms under Lighthouse's
 * trace): the page's and the full stylesheet's imports thus each begin in a short task of their
 * own rather than together with the route match that asked for them; the requests start a task
 * later (under a millisecond). Why it matters: docs/performance.md "Nothing rendered again in
 * the first commit" and "Smaller tasks during the load" (issue 18 §5).
 */
function inTaskOfItsOwn<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
}

/**
 * React.lazy that also loads the full stylesheet and, for a Nepali reader, the whole Nepali
 * catalogue (the sign-in screen has only its own strings, lib/i18n.ts), and keeps its loader so that the page's code
 * can be fetched before it renders (`preloadRoute`). Once loaded, the module is handed to React
 * through a thenable that settles synchronously, so a preloaded page renders in the same pass as
 * its parent: React.lazy otherwise suspends once even on a loaded module, shows the fallback, and
 * holds the page back for its fallback throttle (~300 ms) — per nested lazy level (issue 8 §2).
 */
// `any` as in React.lazy's own signature: the pages' props differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  type M = { default: T };
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    // The Nepali texts first: a page's own loader may load a catalogue (CertificatePage).
    (pending ??= Promise.all([
      loadAllTexts(),
      inTaskOfItsOwn(load),
      inTaskOfItsOwn(fullStyles),
    ]).then(([, m]) => (loaded = m))).catch((e: unknown) => {
      pending = undefined; // a failed download (offline) is tried again on the next render
      throw e;
    });
  const resolved = (): PromiseLike<M> =>
    loaded ? { then: (onFulfilled) => onFulfilled!(loaded!) as never } : preload();
  // React only calls `then` on what the loader returns (the types ask for a full Promise).
  return Object.assign(reactLazy(resolved as () => Promise<M>), { preload });
}

const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const VerifyPage = lazy(() => import('../features/certificates/VerifyPage'));
// The public register (issue 19 §6): no login.
const PublicRegisterPage = lazy(() => import('../features/public-register/PublicRegisterPage'));
const TrackPage = lazy(() => import('../features/counter/TrackPage'));
const CounterPage = lazy(() => import('../features/counter/CounterPage'));
const CounterApplyPage = lazy(() => import('../features/counter/CounterApplyPage'));
const ManualPage = lazy(() => import('../features/manual/ManualPage'));
/**
 * The screen being opened (`preloadRoute`): the signed-in area also waits for its page, so the
 * shell's outline (ShellFallback) gives way to the whole screen at once, not to a spinner first.
 */
let firstScreen: Promise<unknown> = Promise.resolve();
const SignedInArea = lazy(() =>
  Promise.all([import('./SignedInArea'), firstScreen]).then(([m]) => m),
);
// The charts' styles come with the only page that draws charts, not in the first-load CSS.
const DashboardPage = lazy(() =>
  Promise.all([
    import('../features/dashboard/DashboardPage'),
    import('@mantine/charts/styles.css'),
  ]).then(([m]) => m),
);
// The applicant home (issue 17 §1): what an applicant sees at /dashboard.
const HomePage = lazy(() => import('../features/home/HomePage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ApplicationsListPage = lazy(() => import('../features/registrations/ApplicationsListPage'));
const ApplicationDetailPage = lazy(() => import('../features/registrations/ApplicationDetailPage'));
const ApplyNewPage = lazy(() => import('../features/apply/ApplyNewPage'));
const SingleRegistrationPage = lazy(() => import('../features/apply/SingleRegistrationPage'));
const MultipleRegistrationPage = lazy(() => import('../features/apply/MultipleRegistrationPage'));
const EditRegistrationPage = lazy(() => import('../features/registrations/EditRegistrationPage'));
const RenewalListPage = lazy(() => import('../features/renewals/RenewalListPage'));
const RenewPage = lazy(() => import('../features/renewals/RenewPage'));
const AmendPage = lazy(() => import('../features/requests/AmendPage'));
const ClosePage = lazy(() => import('../features/requests/ClosePage'));
const DuplicatePage = lazy(() => import('../features/requests/DuplicatePage'));
const SubmittedPage = lazy(() => import('../features/registrations/SubmittedPage'));
// The certificate is bilingual (both texts on one page), so it also needs the Nepali catalogue,
// which is otherwise loaded only for Nepali readers (lib/i18n.ts).
const CertificatePage = lazy(() =>
  Promise.all([
    import('../features/certificates/CertificatePage'),
    loadLangs(['en-US', 'ne']),
  ]).then(([m]) => m),
);
// Accounts and notifications (issue 5).
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const OutboxPage = lazy(() => import('../features/notifications/OutboxPage'));
const PaymentReturnPage = lazy(() => import('../features/billing/PaymentReturnPage'));
const ReceiptPage = lazy(() => import('../features/billing/ReceiptPage'));
const PaymentsListPage = lazy(() => import('../features/billing/PaymentsListPage'));
const ReconciliationPage = lazy(() => import('../features/billing/ReconciliationPage'));
const RefundsPage = lazy(() => import('../features/billing/RefundsPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
// One generic list page serves every setup resource (SPEC §2 "Generic list pages").
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));
const ResourcePage = lazy(() => import('../features/resources/ResourcePage'));
// The BS calendar's corrections (issue 16 §6).
const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
// The palika's settings (issue 17 §6).
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const NotFoundPage = lazy(() =>
  import('../features/errors/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** An applicant (role user), not staff: their home is the task list, not the statistics. */
const isApplicant = (u: Pick<User, 'userType'> | null | undefined) => u?.userType === 'user';

/**
 * /dashboard, where every sign-in lands (SPEC §4): an applicant's home (their applications and
 * next steps, issue 17 §1); staff keep the statistics dashboard. `preload` fetches the page the
 * stored user will see, for `preloadRoute`.
 */
function DashboardOrHome() {
  return isApplicant(useCurrentUser()) ? <HomePage /> : <DashboardPage />;
}
DashboardOrHome.preload = () => (isApplicant(getStoredUser()) ? HomePage : DashboardPage).preload();

/**
 * Starts fetching the code of the screen at `pathname` before React renders anything; settles
 * (never rejects) once it is loaded or has failed. A
 * signed-in page otherwise waits for the app shell's chunk and the profile before its own chunk
 * is even requested — a chain of round trips on a slow link (issue 8 §2). Signed out, the
 * signed-in pages are skipped: the guard will send the user to the login page instead.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromChildren(routeElements()), pathname) ?? [];
  const pages = matches.map((m) => {
    const el = m.route.element;
    const child = isValidElement<{ children?: ReactNode }>(el) ? el.props.children : undefined;
    return isValidElement(child) ? (child.type as LazyPage) : undefined;
  });
  const signedIn = pages.includes(SignedInArea);
  if (signedIn && !getToken()) return Promise.resolve();
  // The pages first: SignedInArea's loader reads `firstScreen` when it starts.
  firstScreen = Promise.allSettled(pages.map((p) => (p === SignedInArea ? null : p?.preload?.())));
  return Promise.allSettled([firstScreen, signedIn && SignedInArea.preload()]);
}

/** Hands the 401 redirect to the router (the API client has already cleared the session). */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== '/user/login') {
        void navigate('/user/login', { replace: true });
      }
    });
  }, [navigate]);
  return null;
}

/**
 * The route table. Declarative routes (not a data router): no loaders are used, and the data
 * router's code would cost the login screen ~10 KB gzip of its first-load budget.
 */
export function AppRoutes() {
  return <Routes>{routeElements()}</Routes>;
}

/** The `<Route>` elements, shared by the router and `preloadRoute`. */
function routeElements() {
  return (
    <>
      <Route path="/" element={<LoginPage />} />
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="/register" element={page(<RegisterPage />)} />
      {/* Public: what a certificate's QR code opens (issue 7 §2). */}
      <Route path="/verify" element={page(<VerifyPage />)} />
      <Route path="/verify/:code" element={page(<VerifyPage />)} />
      <Route path="/public-register" element={page(<PublicRegisterPage />)} />
      {/* Public: what an acknowledgement slip's QR code opens (issue 19 §4). */}
      <Route path="/track/:code" element={page(<TrackPage />)} />
      {/* Public user manual (issue 7 §5), readable before and after signing in. */}
      <Route path="/manual" element={page(<ManualPage />)} />
      {/* SPEC §2: both recovery paths exist. */}
      <Route path="/forget/password" element={page(<ForgotPasswordPage />)} />
      <Route path="/forget-password" element={page(<ForgotPasswordPage />)} />
      <Route path="/reset/password" element={page(<ResetPasswordPage />)} />
      {/* The guard and the app shell; pages render in its outlet. */}
      <Route
        element={
          <Suspense fallback={<ShellFallback />}>
            <SignedInArea />
          </Suspense>
        }
      >
        <Route path="/dashboard" element={page(<DashboardOrHome />)} />
        <Route path="/profile" element={page(<ProfilePage />)} />
        <Route path="/notifications" element={page(<NotificationsPage />)} />
        <Route path="/notifications/outbox" element={page(<OutboxPage />)} />
        <Route path="/business/applications" element={page(<ApplicationsListPage />)} />
        <Route path="/business/applications/:id/detail" element={page(<ApplicationDetailPage />)} />
        <Route path="/business/certificate/:id" element={page(<CertificatePage />)} />
        <Route path="/apply-new" element={page(<ApplyNewPage />)} />
        <Route path="/apply-new/success" element={page(<SubmittedPage />)} />
        <Route path="/single_registration" element={page(<SingleRegistrationPage />)} />
        <Route path="/multiple_registration" element={page(<MultipleRegistrationPage />)} />
        <Route path="/edit-registration/:id" element={page(<EditRegistrationPage />)} />
        <Route path="/renewRegistrationList" element={page(<RenewalListPage />)} />
        <Route path="/counter" element={page(<CounterPage />)} />
        <Route path="/counter/:id/apply/:kind" element={page(<CounterApplyPage />)} />
        <Route path="/re-new-registration/:id" element={page(<RenewPage />)} />
        {/* Requests about an approved registration (issue 19 §1–3). */}
        <Route path="/business/applications/:id/amend" element={page(<AmendPage />)} />
        <Route path="/business/applications/:id/close" element={page(<ClosePage />)} />
        <Route path="/business/applications/:id/duplicate" element={page(<DuplicatePage />)} />
        {/* Payments (issue 6): the gateways' returns, receipts, the staff list; refunds (issue 15). */}
        <Route path="/payment/esewa/return" element={page(<PaymentReturnPage channel="esewa" />)} />
        <Route
          path="/payment/khalti/return"
          element={page(<PaymentReturnPage channel="khalti" />)}
        />
        <Route path="/payments" element={page(<PaymentsListPage />)} />
        <Route path="/audit-log" element={page(<AuditLogPage />)} />
        <Route path="/settings/calendar" element={page(<CalendarPage />)} />
        <Route path="/settings/palika" element={page(<SettingsPage />)} />
        <Route path="/payments/reconciliation" element={page(<ReconciliationPage />)} />
        <Route path="/payments/refunds" element={page(<RefundsPage />)} />
        <Route path="/reports" element={page(<ReportsPage />)} />
        <Route path="/payments/:id/receipt" element={page(<ReceiptPage />)} />
        {/* Setup data and access control (SPEC §2 settings and access-control groups). */}
        {RESOURCE_ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={page(<ResourcePage resource={r.resource} />)}
          />
        ))}
      </Route>
      <Route path="*" element={page(<NotFoundPage />)} />
    </>
  );
}

/** The app; main.tsx passes the query client it has already started the profile fetch on. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
