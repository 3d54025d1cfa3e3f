/**
 * Routes (SPEC §2). Public: `/` and `/user/login` (login, kept in the main bundle so the first
 * screen is light), `/register`. Everything else below the navigation guard, lazy-loaded per
 * page. Any other path is the not-found page.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { PageLoader } from '../components/PageLoader';
import { RESOURCE_ROUTES } from '../features/resources/routes';
import { Providers } from './Providers';

const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const VerifyPage = lazy(() => import('../features/verify/VerifyPage'));
const ManualPage = lazy(() => import('../features/manual/ManualPage'));
const SignedInArea = lazy(() => import('./SignedInArea'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ApplicationsListPage = lazy(() => import('../features/applications/ApplicationsListPage'));
const ApplicationDetailPage = lazy(() => import('../features/applications/ApplicationDetailPage'));
const ApplyNewPage = lazy(() => import('../features/applications/ApplyNewPage'));
const SingleRegistrationPage = lazy(
  () => import('../features/applications/SingleRegistrationPage'),
);
const MultipleRegistrationPage = lazy(
  () => import('../features/applications/MultipleRegistrationPage'),
);
const EditRegistrationPage = lazy(() => import('../features/applications/EditRegistrationPage'));
const RenewalListPage = lazy(() => import('../features/applications/RenewalListPage'));
const RenewPage = lazy(() => import('../features/applications/RenewPage'));
const SubmittedPage = lazy(() => import('../features/applications/SubmittedPage'));
const CertificatePage = lazy(() => import('../features/applications/CertificatePage'));
// Accounts and notifications (issue 5).
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const OutboxPage = lazy(() => import('../features/notifications/OutboxPage'));
const PaymentReturnPage = lazy(() => import('../features/payments/PaymentReturnPage'));
const ReceiptPage = lazy(() => import('../features/payments/ReceiptPage'));
const PaymentsListPage = lazy(() => import('../features/payments/PaymentsListPage'));
const ReconciliationPage = lazy(() => import('../features/payments/ReconciliationPage'));
// One generic list page serves every setup resource (SPEC §2 "Generic list pages").
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));
const ResourcePage = lazy(() => import('../features/resources/ResourcePage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

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
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="/register" element={page(<RegisterPage />)} />
      {/* Public: what a certificate's QR code opens (issue 7 §2). */}
      <Route path="/verify" element={page(<VerifyPage />)} />
      <Route path="/verify/:code" element={page(<VerifyPage />)} />
      {/* Public user manual (issue 7 §5), readable before and after signing in. */}
      <Route path="/manual" element={page(<ManualPage />)} />
      {/* SPEC §2: both recovery paths exist. */}
      <Route path="/forget/password" element={page(<ForgotPasswordPage />)} />
      <Route path="/forget-password" element={page(<ForgotPasswordPage />)} />
      <Route path="/reset/password" element={page(<ResetPasswordPage />)} />
      {/* The guard and the app shell; pages render in its outlet. */}
      <Route element={page(<SignedInArea />)}>
        <Route path="/dashboard" element={page(<DashboardPage />)} />
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
        <Route path="/re-new-registration/:id" element={page(<RenewPage />)} />
        {/* Payments (issue 6): the gateways' returns, receipts, the staff list. */}
        <Route path="/payment/esewa/return" element={page(<PaymentReturnPage channel="esewa" />)} />
        <Route
          path="/payment/khalti/return"
          element={page(<PaymentReturnPage channel="khalti" />)}
        />
        <Route path="/payments" element={page(<PaymentsListPage />)} />
        <Route path="/audit-log" element={page(<AuditLogPage />)} />
        <Route path="/payments/reconciliation" element={page(<ReconciliationPage />)} />
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
