import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * A page loaded with its own script the first time it is opened (route-level code splitting): the sign-in
 * page and the shell do not carry every screen's code. `pick` names the module's export.
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (props: P) => (
    <Suspense fallback={<LoadingScreen message="Loading…" />}>
      <Page {...props} />
    </Suspense>
  );
}
