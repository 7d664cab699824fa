import { type Session, Tour } from './support.ts';

/**
 * Reminders (issue 16): settings, templates and their preview, rules, a booking's dispatches and the
 * Reminders page's lists. Runs after the diary's tour: it uses its type ("Tour consultation") and books in
 * February 2030, so the statements are the same whatever day it runs.
 */
export async function tourReminders(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  const me = admin.user.id;
  const types = (await tour.send(admin, 'GET', `/api/appointment/types/${c}`)).json() as {
    id: number;
    name: string;
  }[];
  const type = types.find((t) => t.name === 'Tour consultation')?.id;
  if (!type) throw new Error('the diary tour made no "Tour consultation" type');

  await tour.get(admin, `/api/reminder/settings/${c}`);
  await tour.put(admin, `/api/reminder/settings/${c}`, {
    address: '1 Tour Road',
    cancelInstruction: 'Call us.',
  });
  const body =
    'Hi {{preferredName}}, {{practiceName}}: {{date}} at {{time}} with {{practitioner}}. {{cancelInstruction}}';
  const sms = Tour.idOf(
    await tour.post(admin, `/api/reminder/template/${c}`, { name: 'Tour SMS', channel: 'sms', body }),
  );
  const mail = Tour.idOf(
    await tour.post(admin, `/api/reminder/template/${c}`, {
      name: 'Tour mail',
      channel: 'email',
      subject: 'Your visit on {{date}}',
      body: 'See you at {{time}}, {{address}}.',
    }),
  );
  await tour.put(admin, `/api/reminder/template/${sms}`, { name: 'Tour SMS reminder' });
  await tour.get(admin, `/api/reminder/template/${sms}`);
  await tour.get(admin, `/api/reminder/templates/${c}`);
  await tour.post(admin, `/api/reminder/template/preview/${c}`, { channel: 'sms', body });
  const spare = Tour.idOf(
    await tour.post(admin, `/api/reminder/template/${c}`, { name: 'Spare', channel: 'sms', body: 'x' }),
  );
  await tour.delete(admin, `/api/reminder/template/${spare}`);

  const rule = (body: object) => tour.post(admin, `/api/reminder/rule/${c}`, { typeId: type, ...body });
  const day = Tour.idOf(await rule({ channel: 'sms', templateId: sms, offsetValue: 2, offsetUnit: 'days' }));
  await rule({ kind: 'booked', channel: 'email', templateId: mail });
  await rule({ kind: 'changed', channel: 'sms', templateId: sms });
  await rule({ kind: 'cancelled', channel: 'sms', templateId: sms });
  await tour.put(admin, `/api/reminder/rule/${day}`, { offsetValue: 1 });
  await tour.get(admin, `/api/reminder/rule/${day}`);
  await tour.get(admin, `/api/reminder/rules/${c}`);
  await tour.get(admin, `/api/reminder/rules/${c}?typeId=${type}`);
  const hour = Tour.idOf(
    await rule({ channel: 'email', templateId: mail, offsetValue: 1, offsetUnit: 'hours' }),
  );
  await tour.delete(admin, `/api/reminder/rule/${hour}`);

  const booking = { clientId, practitionerId: me, typeId: type };
  const visit = Tour.idOf(
    await tour.post(admin, `/api/appointment/${c}`, { ...booking, start: '2030-02-04T09:00' }),
  );
  await tour.put(admin, `/api/appointment/${visit}`, { start: '2030-02-04T10:00' });
  const other = Tour.idOf(
    await tour.post(admin, `/api/appointment/${c}`, { ...booking, start: '2030-02-05T09:00' }),
  );
  await tour.post(admin, `/api/appointment/${other}/status`, { status: 'cancelled', cancelReason: 'client' });
  const dispatches = (await tour.send(admin, 'GET', `/api/reminder/appointment/${visit}`)).json() as {
    id: number;
  }[];
  await tour.get(admin, `/api/reminder/upcoming/${c}`);
  await tour.get(admin, `/api/reminder/upcoming/${c}?channel=sms&page=1&size=10`);
  await tour.get(admin, `/api/reminder/forecast/${c}`);
  await tour.get(admin, `/api/reminder/history/${c}`);
  await tour.get(admin, `/api/reminder/history/${c}?status=failed&channel=sms`);
  // Pending: nothing to retry (409); the path still reads it.
  await tour.send(admin, 'POST', `/api/reminder/dispatch/${Tour.idOf(dispatches)}/retry`, { expect: 409 });
}
