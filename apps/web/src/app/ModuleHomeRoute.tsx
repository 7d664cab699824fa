import type { ModuleHome } from '@pd/contracts';
import { Navigate } from 'react-router-dom';
import { ModuleHomePage } from '../features/home/ModuleHomePage.tsx';
import { useSession } from './auth/authContext.ts';

/** Each user has one module home (by role); another module's address leads back to their own. */
export function ModuleHomeRoute({ home }: { home: ModuleHome }) {
  const session = useSession();
  if (session.home !== home) return <Navigate to={`/${session.home}`} replace />;
  return <ModuleHomePage />;
}
