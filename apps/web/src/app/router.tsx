import { MODULE_HOMES } from '@pd/contracts';
import { createHashRouter } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { AreaGate } from './AreaGate.tsx';
import { areaRoutes } from './areas.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';
import { lazyPage } from './lazyPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

// Each signed-in screen is its own script, loaded when first opened; sign-in needs none of them.
const AppLayout = lazyPage(
  () => import('./layout/AppLayout.tsx'),
  (m) => m.AppLayout,
);
const ModuleHomeRoute = lazyPage(
  () => import('./ModuleHomeRoute.tsx'),
  (m) => m.ModuleHomeRoute,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/SettingsPage.tsx'),
  (m) => m.SettingsPage,
);
const AuditPage = lazyPage(
  () => import('../features/audit/AuditPage.tsx'),
  (m) => m.AuditPage,
);
const OutboxPage = lazyPage(
  () => import('../features/outbox/OutboxPage.tsx'),
  (m) => m.OutboxPage,
);
const ReportsPage = lazyPage(
  () => import('../features/reports/ReportsPage.tsx'),
  (m) => m.ReportsPage,
);
const ClientRecordPage = lazyPage(
  () => import('../features/client-record/ClientRecordPage.tsx'),
  (m) => m.ClientRecordPage,
);
const FormReviewPage = lazyPage(
  () => import('../features/forms/FormReviewPage.tsx'),
  (m) => m.FormReviewPage,
);
const InvoicesPage = lazyPage(
  () => import('../features/invoices/InvoicesPage.tsx'),
  (m) => m.InvoicesPage,
);

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
          {
            path: '/client/:clientId',
            element: (
              <AreaGate route="/commonClients">
                <ClientRecordPage />
              </AreaGate>
            ),
          },
          {
            path: '/commonDigitalForms/submission/:submissionId',
            element: (
              <AreaGate route="/commonDigitalForms">
                <FormReviewPage />
              </AreaGate>
            ),
          },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/audit', element: <AuditPage /> },
          { path: '/outbox', element: <OutboxPage /> },
          { path: '/reports', element: <ReportsPage /> },
          { path: '/commonInvoices', element: <InvoicesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
