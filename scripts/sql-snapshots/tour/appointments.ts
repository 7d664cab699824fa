import { type Session, Tour } from './support.ts';

/**
 * The diary (issue 15): settings, bookings, series, free slots, invoicing and the calendar feed. Dates are
 * fixed and far ahead (January 2030) so that the tour meets no demo appointment and records the same
 * statements whatever day it runs.
 */
export async function tourAppointments(
  tour: Tour,
  admin: Session,
  ids: { clientId: number; product: number },
) {
  const c = admin.user.companyId;
  const me = admin.user.id;
  const { clientId } = ids;
  await tour.get(admin, `/api/appointment/practitioners/${c}`);
  await tour.put(admin, `/api/appointment/practitioner/${me}`, { colour: '#123456' });
  await tour.get(admin, `/api/appointment/practitioner/${me}`);
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));
  await tour.put(admin, `/api/appointment/practitioner/${me}/hours`, { intervals: weekdays });

  const room = Tour.idOf(await tour.post(admin, `/api/appointment/room/${c}`, { name: 'Tour room' }));
  await tour.put(admin, `/api/appointment/room/${room}`, { name: 'Tour room 2' });
  await tour.get(admin, `/api/appointment/rooms/${c}`);
  const spareRoom = Tour.idOf(await tour.post(admin, `/api/appointment/room/${c}`, { name: 'Spare room' }));
  await tour.delete(admin, `/api/appointment/room/${spareRoom}`);

  const closed = { kind: 'closed', startDate: '2030-03-01', endDate: '2030-03-01' };
  const exception = Tour.idOf(await tour.post(admin, `/api/appointment/exception/${c}`, closed));
  await tour.put(admin, `/api/appointment/exception/${exception}`, { note: 'Tour' });
  await tour.get(
    admin,
    `/api/appointment/exceptions/${c}?start=2030-01-01&end=2030-12-31&practitionerId=${me}`,
  );
  await tour.delete(admin, `/api/appointment/exception/${exception}`);
  await tour.get(admin, `/api/appointment/holidays/${c}?start=2030-01-01&end=2030-12-31`);

  const type = Tour.idOf(
    await tour.post(admin, `/api/appointment/type/${c}`, {
      name: 'Tour consult',
      durationMinutes: 30,
      productId: ids.product,
      noShowFeeCents: 10000,
      practitionerIds: [me],
    }),
  );
  const spare = Tour.idOf(
    await tour.post(admin, `/api/appointment/type/${c}`, { name: 'Spare', durationMinutes: 15 }),
  );
  await tour.put(admin, `/api/appointment/type/${type}`, { name: 'Tour consultation' });
  await tour.get(admin, `/api/appointment/type/${type}`);
  await tour.get(admin, `/api/appointment/types/${c}`);
  await tour.delete(admin, `/api/appointment/type/${spare}`);

  const booking = { clientId, practitionerId: me, typeId: type, roomId: room };
  const visit = Tour.idOf(
    await tour.post(admin, `/api/appointment/${c}`, { ...booking, start: '2030-01-07T09:00' }),
  );
  await tour.send(admin, 'POST', `/api/appointment/${c}`, {
    body: { ...booking, start: '2030-01-07T09:15' },
    expect: 409,
  });
  await tour.put(admin, `/api/appointment/${visit}`, { notes: 'Tour', start: '2030-01-07T09:30' });
  await tour.get(admin, `/api/appointment/${visit}`);
  await tour.post(admin, `/api/appointment/${visit}/status`, { status: 'arrived' });
  await tour.post(admin, `/api/appointment/${visit}/invoice`);
  const missed = Tour.idOf(
    await tour.post(admin, `/api/appointment/${c}`, { ...booking, start: '2030-01-07T11:00' }),
  );
  await tour.post(admin, `/api/appointment/${missed}/status`, { status: 'noshow' });

  const series = await tour.post(admin, `/api/appointment/series/${c}`, {
    ...booking,
    start: '2030-01-08T10:00',
    frequency: 'weekly',
    count: 3,
  });
  const first = Tour.idOf((series as { appointments?: unknown }).appointments);
  await tour.put(admin, `/api/appointment/${first}/series`, { scope: 'following', notes: 'Series' });
  await tour.post(admin, `/api/appointment/${first}/series/status`, {
    scope: 'all',
    status: 'cancelled',
    cancelReason: 'practice',
  });

  const range = 'start=2030-01-06T00:00:00Z&end=2030-01-13T00:00:00Z';
  await tour.get(admin, `/api/appointment/diary/${c}?${range}`);
  await tour.get(
    admin,
    `/api/appointment/diary/${c}?${range}&practitionerId=${me}&roomId=${room}&typeId=${type}&status=booked,arrived`,
  );
  await tour.get(admin, `/api/appointment/uninvoiced/${c}?date=2030-01-07`);
  await tour.get(admin, `/api/appointment/client/${clientId}`);
  await tour.get(admin, `/api/appointment/slots/${c}?typeId=${type}&from=2030-01-07T06:00:00Z&count=3`);
  await tour.get(
    admin,
    `/api/appointment/slots/${c}?typeId=${type}&practitionerIds=${me}&roomId=${room}&from=2030-01-07T06:00:00Z`,
  );

  await tour.get(admin, '/api/appointment/calendar-feed');
  const feed = (await tour.post(admin, '/api/appointment/calendar-feed')) as { url?: string };
  const token = feed.url?.split('/').pop();
  if (!token) throw new Error(`no feed token in ${JSON.stringify(feed)}`);
  await tour.send(undefined, 'GET', `/api/appointment/ics/${token}`);
  await tour.delete(admin, '/api/appointment/calendar-feed');
}
