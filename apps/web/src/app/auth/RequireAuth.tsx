import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { useAuth } from './authContext.ts';
import type { ReturnState } from './returnTo.ts';

/**
 * Pages below this route are only rendered for a checked, signed-in session. A visitor who is not signed in
 * (a deep link, an ended session) is sent to sign in and then back here; one who signed out is not.
 */
export function RequireAuth() {
  const { state } = useAuth();
  const { pathname, search } = useLocation();
  if (state.status === 'checking') return <LoadingScreen />;
  if (state.status === 'signedOut') {
    const back: ReturnState | undefined =
      state.reason === 'signedOut' ? undefined : { from: `${pathname}${search}` };
    return <Navigate to="/login" replace state={back} />;
  }
  return <Outlet />;
}
