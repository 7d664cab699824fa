import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionWatch } from '../auth/useSessionWatch.ts';
import { Brand } from './Brand.tsx';
import { TopMenu } from './TopMenu.tsx';
import { UserBox } from './UserBox.tsx';

/** Shell of every signed-in page: skip link, header with the menu, and the page in <main>. */
export function AppLayout() {
  useSessionWatch();
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);

  // After a navigation, move focus to the new page so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger itself
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);

  return (
    <div className="app-shell">
      {/* A button, not a #fragment link: the hash belongs to the router. */}
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        Skip to main content
      </button>
      <header className="app-header">
        <div className="app-topbar">
          <Brand />
          <UserBox />
        </div>
        <TopMenu />
      </header>
      <main id="main-content" ref={main} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
