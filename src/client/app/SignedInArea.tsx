/**
 * The signed-in part of the app: the navigation guard (SPEC §2 — fetch the profile first; on
 * failure go to /user/login) and the app shell around the page.
 */
import { Navigate, useLocation } from 'react-router';
import { useProfileQuery } from '../lib/auth';
import { getToken } from '../lib/session';
import { PageLoader } from '../components/PageLoader';
import { AppLayout } from '../components/AppLayout';
import { ModalsArea } from './ModalsArea';

export default function SignedInArea() {
  const location = useLocation();
  const profile = useProfileQuery();
  if (!getToken() || profile.isError) {
    return <Navigate to="/user/login" replace state={{ from: location.pathname }} />;
  }
  if (!profile.data) return <PageLoader />;
  return (
    <ModalsArea>
      <AppLayout />
    </ModalsArea>
  );
}
