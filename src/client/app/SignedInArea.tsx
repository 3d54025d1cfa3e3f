/**
 * The signed-in part of the app: the navigation guard (SPEC §2 — fetch the profile first; on
 * failure go to /user/login) and the app shell around the page. With a user stored at login the
 * shell draws from it while the profile loads (lib/auth.ts `useProfileQuery`).
 */
import { Navigate, useLocation } from 'react-router';
import { useProfileQuery } from '../lib/auth';
import { getToken } from '../lib/session';
import { AppLayout } from '../components/AppLayout';
import { ModalsArea } from './ModalsArea';
import { ShellFallback } from './ShellFallback';

export default function SignedInArea() {
  const location = useLocation();
  const profile = useProfileQuery();
  if (!getToken() || profile.isError) {
    return <Navigate to="/user/login" replace state={{ from: location.pathname }} />;
  }
  if (!profile.data) return <ShellFallback />;
  return (
    <ModalsArea>
      <AppLayout />
    </ModalsArea>
  );
}
