import { type Session, Tour } from './support.ts';

/**
 * Phone calls (issue 17, part 7): a reverse lookup, a message for a colleague (a callback task), the queue,
 * the return call that closes it, and the call log with its filters.
 */
export async function tourCalls(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  await tour.get(admin, `/api/call/lookup/${c}?number=${encodeURIComponent('082 108 7109')}`);
  const callback = Tour.idOf(
    await tour.post(admin, `/api/call/${c}`, {
      number: '082 108 7109',
      clientId,
      direction: 'in',
      startedAt: '2026-03-02T09:30:00+02:00',
      durationSeconds: 60,
      outcome: 'answered',
      takenForId: admin.user.id,
      followUpAt: '2026-03-02T12:00:00+02:00',
    }),
  );
  await tour.get(admin, `/api/call/callbacks/${c}`);
  await tour.post(admin, `/api/call/${c}`, {
    number: '082 108 7109',
    clientId,
    direction: 'out',
    startedAt: '2026-03-02T11:30:00+02:00',
    durationSeconds: 120,
    outcome: 'answered',
    closesCallId: callback,
  });
  await tour.get(admin, `/api/call/specific/${callback}`);
  await tour.get(admin, `/api/call/lazyloading/${c}`);
  await tour.get(
    admin,
    `/api/call/lazyloading/${c}?direction=in&outcome=answered&handledById=${admin.user.id}&start=2026-03-01T00:00:00Z&end=2026-03-31T00:00:00Z&sortField=clientName&sortOrder=asc`,
  );
}
