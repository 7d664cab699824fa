import { Navigate } from 'react-router-dom';
import { useSession } from './auth/authContext.ts';

/**
 * `#/` leads to the user's module home. Its own file: the router imports it directly, while the home page
 * itself (ModuleHomeRoute) is loaded lazily and so stays out of the sign-in page's bundle.
 */
export function HomeRedirect() {
  const { home } = useSession();
  return <Navigate to={`/${home}`} replace />;
}
