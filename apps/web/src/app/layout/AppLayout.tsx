import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { IdleWarning } from '../auth/IdleWarning.tsx';
import { useSessionWatch } from '../auth/useSessionWatch.ts';
import { LeaveGuard } from '../leave/LeaveGuard.tsx';
import { Brand } from './Brand.tsx';
import { TopMenu } from './TopMenu.tsx';
import { UserBox } from './UserBox.tsx';
import { useHeaderHeight } from './useHeaderHeight.ts';

/** Shell of every signed-in page: skip link, header with the menu, and the page in <main>. */
export function AppLayout() {
  useSessionWatch();
  const main = useRef<HTMLElement>(null);
  const header = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);

  // After a navigation, move focus to the new page so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger itself
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A new page starts at its top, its title below the sticky header, not where the last page was scrolled.
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  useHeaderHeight(header);

  return (
    <div className="app-shell">
      {/* A button, not a #fragment link: the hash belongs to the router. */}
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        Skip to main content
      </button>
      <header ref={header} className="app-header">
        <div className="app-topbar">
          <Brand />
          <UserBox />
        </div>
        <TopMenu />
        <IdleWarning />
      </header>
      <main id="main-content" ref={main} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <LeaveGuard />
    </div>
  );
}
