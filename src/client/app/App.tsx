/**
 * Routes (SPEC §2). Public: `/` and `/user/login` (login, kept in the main bundle so the first
 * screen is light), `/register`. Everything else below the navigation guard, lazy-loaded per
 * page. Any other path is the not-found page.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { PageLoader } from '../components/PageLoader';
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
const SubmittedPage = lazy(() => import('../features/applications/SubmittedPage'));
const CertificatePage = lazy(() => import('../features/applications/CertificatePage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/user/login', element: <LoginPage /> },
  { path: '/register', element: page(<RegisterPage />) },
  {
    // The guard and the app shell; pages render in its outlet.
    element: page(<SignedInArea />),
    children: [
      { path: '/dashboard', element: page(<DashboardPage />) },
      { path: '/profile', element: page(<ProfilePage />) },
      { path: '/business/applications', element: page(<ApplicationsListPage />) },
      { path: '/business/applications/:id/detail', element: page(<ApplicationDetailPage />) },
      { path: '/business/certificate/:id', element: page(<CertificatePage />) },
      { path: '/apply-new', element: page(<ApplyNewPage />) },
      { path: '/apply-new/success', element: page(<SubmittedPage />) },
      { path: '/single_registration', element: page(<SingleRegistrationPage />) },
      // Multiple-owner registration arrives in a later issue; its card is disabled meanwhile.
      { path: '/multiple_registration', element: <Navigate to="/apply-new" replace /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

const router = createBrowserRouter(routes);

// A 401 anywhere: the API client has cleared the session; go to login without a reload.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/user/login') {
    void router.navigate('/user/login', { replace: true });
  }
});

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
