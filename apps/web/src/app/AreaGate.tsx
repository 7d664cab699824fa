import { menuEntriesFor } from '@pd/contracts';
import type { ReactNode } from 'react';
import { useSession } from './auth/authContext.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** An area missing from the user's menu variant (Prospects for practice) does not exist for them. */
export function AreaGate({ route, children }: { route: string; children: ReactNode }) {
  const { variant } = useSession();
  if (!menuEntriesFor(variant).some((entry) => entry.route === route)) return <NotFoundPage />;
  return children;
}
