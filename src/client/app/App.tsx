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
// One generic list page serves every setup resource (SPEC §2 "Generic list pages").
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
      {/* The guard and the app shell; pages render in its outlet. */}
      <Route element={page(<SignedInArea />)}>
        <Route path="/dashboard" element={page(<DashboardPage />)} />
        <Route path="/profile" element={page(<ProfilePage />)} />
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
