import { menuEntriesFor } from '@pd/contracts';
import type { ReactElement } from 'react';
import { ComingSoonPage } from '../features/placeholder/ComingSoonPage.tsx';
import { AreaGate } from './AreaGate.tsx';
import { lazyPage } from './lazyPage.tsx';

const ClientsPage = lazyPage(
  () => import('../features/clients/ClientsPage.tsx'),
  (m) => m.ClientsPage,
);
const RemindersPage = lazyPage(
  () => import('../features/reminders/RemindersPage.tsx'),
  (m) => m.RemindersPage,
);
const PhoneCallsPage = lazyPage(
  () => import('../features/calls/PhoneCallsPage.tsx'),
  (m) => m.PhoneCallsPage,
);
const ProspectsPage = lazyPage(
  () => import('../features/prospects/ProspectsPage.tsx'),
  (m) => m.ProspectsPage,
);
const FormsPage = lazyPage(
  () => import('../features/forms/FormsPage.tsx'),
  (m) => m.FormsPage,
);
const DiaryPage = lazyPage(
  () => import('../features/appointments/DiaryPage.tsx'),
  (m) => m.DiaryPage,
);

/**
 * One line per menu area. When a real screen lands, replace its placeholder here, e.g.
 * `'/commonClients': <ClientsPage />`.
 */
const AREA_PAGES: Record<string, ReactElement> = {
  '/commonClients': <ClientsPage />,
  '/commonAppointments': <DiaryPage />,
  '/commonReminders': <RemindersPage />,
  '/commonProspects': <ProspectsPage />,
  '/commonPhoneCalls': <PhoneCallsPage />,
  '/commonDigitalForms': <FormsPage />,
};

const AREA_ICONS: Record<string, string> = {
  '/commonClients': 'pi pi-users',
  '/commonAppointments': 'pi pi-calendar',
  '/commonReminders': 'pi pi-bell',
  '/commonProspects': 'pi pi-user-plus',
  '/commonPhoneCalls': 'pi pi-phone',
  '/commonDigitalForms': 'pi pi-file-edit',
};

export const areaIcon = (route: string): string => AREA_ICONS[route] ?? 'pi pi-circle';

/** Every area of the fullest menu; AreaGate hides those the user's variant lacks. */
export const areaRoutes = menuEntriesFor('business').map((entry) => ({
  path: entry.route,
  element: (
    <AreaGate route={entry.route}>
      {AREA_PAGES[entry.route] ?? <ComingSoonPage route={entry.route} />}
    </AreaGate>
  ),
}));
