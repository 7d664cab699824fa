import type { Session, Tour } from './support.ts';

/**
 * Issue 19, parts 3-5: the diary, messaging and clients reports for fixed ranges, each filter, the CSVs
 * (the debtors' and revenue reports are toured with billing).
 */
export async function tourReports(tour: Tour, admin: Session) {
  const c = admin.user.companyId;
  const days = 'from=2026-01-01&to=2026-03-31';
  await tour.get(admin, `/api/report/diary/${c}?${days}`);
  await tour.get(admin, `/api/report/diary/${c}?${days}&period=week&practitionerId=${admin.user.id}`);
  await tour.send(admin, 'GET', `/api/report/diary/${c}/csv?${days}`);
  const months = 'from=2025-01&to=2025-12';
  await tour.get(admin, `/api/report/messaging/${c}?${months}`);
  await tour.get(admin, `/api/report/messaging/${c}?${months}&kind=bulk`);
  await tour.send(admin, 'GET', `/api/report/messaging/${c}/csv?${months}`);
  await tour.get(admin, `/api/report/clients/${c}?${months}`);
  await tour.get(admin, `/api/report/clients/${c}?${months}&by=medicalAid`);
  await tour.get(admin, `/api/report/clients/${c}?${months}&by=product`);
  await tour.send(admin, 'GET', `/api/report/clients/${c}/csv?${months}`);
}
