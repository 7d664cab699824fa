import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { useAuth } from './authContext.ts';

/** Pages below this route are only rendered for a checked, signed-in session. */
export function RequireAuth() {
  const { state } = useAuth();
  if (state.status === 'checking') return <LoadingScreen />;
  if (state.status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}
