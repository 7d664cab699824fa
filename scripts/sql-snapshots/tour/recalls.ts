import { type Session, Tour } from './support.ts';

/**
 * Recalls (issue 16, part 5): recall types, a recall by hand and one from an invoiced product, the list with
 * its filters, a bulk send (serviced in 2020, so always due) and a cancellation. Runs after the reminders'
 * tour (credit is topped up by the messaging tour).
 */
export async function tourRecalls(tour: Tour, admin: Session, o: { clientId: number; product: number }) {
  const c = admin.user.companyId;
  const template = Tour.idOf(
    await tour.post(admin, `/api/reminder/template/${c}`, {
      name: 'Tour recall',
      channel: 'sms',
      body: 'Hi {{preferredName}}, {{practiceName}}: your check-up is due {{date}}.',
    }),
  );
  const type = Tour.idOf(
    await tour.post(admin, `/api/recall/type/${c}`, {
      name: 'Tour re-assessment',
      intervalValue: 6,
      intervalUnit: 'weeks',
      templateId: template,
      ladder: [0, 14],
      productIds: [o.product],
    }),
  );
  await tour.put(admin, `/api/recall/type/${type}`, { ladder: [0, 14, 28] });
  await tour.get(admin, `/api/recall/type/${type}`);
  await tour.get(admin, `/api/recall/types/${c}`);
  const spare = Tour.idOf(
    await tour.post(admin, `/api/recall/type/${c}`, {
      name: 'Tour spare recall',
      intervalValue: 1,
      intervalUnit: 'months',
      templateId: template,
      ladder: [0],
    }),
  );
  await tour.delete(admin, `/api/recall/type/${spare}`);

  const recall = Tour.idOf(
    await tour.post(admin, `/api/recall/client/${o.clientId}`, { typeId: type, serviceDate: '2020-01-06' }),
  );
  await tour.post(admin, `/api/invoice1/${c}/product/${o.clientId}/${o.product}`);
  await tour.get(admin, `/api/recall/list/${c}`);
  await tour.get(
    admin,
    `/api/recall/list/${c}?status=overdue&typeId=${type}&clientId=${o.clientId}&dueFrom=2020-01-01&dueTo=2030-12-31&page=1&size=10`,
  );
  await tour.send(admin, 'POST', `/api/recall/send/${c}`, { body: { recallIds: [recall] }, expect: 200 });
  await tour.send(admin, 'PUT', `/api/recall/${recall}/cancel`);
}
