import { MODULE_HOMES } from '@pd/contracts';
import { createHashRouter } from 'react-router-dom';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { InvoicesPage } from '../features/invoices/InvoicesPage.tsx';
import { OutboxPage } from '../features/outbox/OutboxPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { areaRoutes } from './areas.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { HomeRedirect, ModuleHomeRoute } from './ModuleHomeRoute.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomeRedirect /> },
          ...MODULE_HOMES.map((home) => ({ path: `/${home}`, element: <ModuleHomeRoute home={home} /> })),
          ...areaRoutes,
          { path: '/settings', element: <SettingsPage /> },
          { path: '/audit', element: <AuditPage /> },
          { path: '/outbox', element: <OutboxPage /> },
          { path: '/commonInvoices', element: <InvoicesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
