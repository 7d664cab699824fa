import { isAdministrator, menuEntriesFor } from '@pd/contracts';
import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { useLocation } from 'react-router-dom';
import { areaIcon } from '../areas.tsx';
import { useSession } from '../auth/authContext.ts';
import { AdminLinks } from './AdminLinks.tsx';
import { focusFirstMenuEntry } from './menubarKeyboard.ts';

// The Menubar points aria-activedescendant at `${id}_${index}`; the entries need those ids to exist.
const MENU_ID = 'main-menu';

/** The role's menu variant (spec section 6); entries are plain hash links so they also open in new tabs. */
export function TopMenu() {
  const { home, variant, user } = useSession();
  const { pathname } = useLocation();
  const item = (label: string, route: string, icon: string): MenuItem => ({
    label,
    icon,
    url: `#${route}`,
    className: pathname === route ? 'menu-item-current' : undefined,
  });
  const model: MenuItem[] = [
    item('Home', `/${home}`, 'pi pi-home'),
    ...menuEntriesFor(variant).map((entry) => item(entry.label, entry.route, areaIcon(entry.route))),
  ].map((entry, index) => ({ ...entry, id: `${MENU_ID}_${index}` }));
  return (
    <nav aria-label="Main menu" data-testid={`menu-variant-${variant}`} className="top-menu">
      {/* Keyed by page, so the small-screen menu closes whatever way the page changed. */}
      <Menubar
        key={pathname}
        id={MENU_ID}
        model={model}
        onFocus={focusFirstMenuEntry}
        // Administrators' records (rights A), after the spec's menu; no entry for anyone else.
        end={isAdministrator(user) ? <AdminLinks pathname={pathname} /> : undefined}
      />
    </nav>
  );
}
