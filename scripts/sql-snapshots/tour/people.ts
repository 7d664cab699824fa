import { type Session, Tour } from './support.ts';

/** Health, sign-in and out, users, companies, reference data, audit trail. */
export async function tourPeople(tour: Tour, admin: Session) {
  const c = admin.user.companyId;
  await tour.send(undefined, 'GET', '/api/health');
  await tour.send(undefined, 'GET', '/api/health/ready');
  await tour.send(undefined, 'GET', '/api/health/live');
  await tour.send(admin, 'GET', '/api/openapi.json');
  const leaving = await tour.as('za.web');
  await tour.send(leaving, 'GET', '/api/auth/ping');
  await tour.send(leaving, 'POST', '/api/auth/logout');
  tour.forget('za.web');

  await tour.get(admin, `/api/user/${admin.user.id}`);
  await tour.get(admin, `/api/user/${admin.user.id}/config`);
  await tour.get(admin, `/api/user/company/${c}`);
  const learner = await tour.as('za.learn');
  await tour.put(admin, `/api/user/${learner.user.id}/active`, { active: false });
  await tour.put(admin, `/api/user/${learner.user.id}/active`, { active: true });
  tour.forget('za.learn');

  await tour.get(admin, `/api/company/${c}`);
  await tour.get(admin, `/api/company/${c}/config`);
  await tour.put(admin, `/api/company/${c}/config`, { vatRateBps: 1500 });
  await tour.get(admin, `/api/company/${c}/summary`);

  await tour.get(admin, '/api/icd10code/simple/J06');
  await tour.get(admin, '/api/icd10code/simple/infection');
  await tour.get(admin, '/api/provider/name/med');
}

/** Read last, so that it sees what the tour wrote. */
export async function tourAudit(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  await tour.post(admin, `/api/client1/${clientId}/audittrail`, {
    auditTrailSubProcess: 'Client Management',
    auditTrailDescription: 'Called the client about the tour.',
  });
  await tour.get(admin, `/api/client1/${clientId}/audittrail`);
  await tour.get(admin, `/api/audit/company/${c}?page=1&size=10`);
  await tour.get(
    admin,
    `/api/audit/company/${c}?search=tour&start=2020-01-01&end=2099-12-31&clientId=${clientId}&page=1&size=10`,
  );
}

export { Tour };
