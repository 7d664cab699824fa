import type { Session, Tour } from './support.ts';

/** E-mail, SMS and bulk SMS to clients, the credit account and the outbox. */
export async function tourMessaging(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  const from = { companyId: c, userId: admin.user.id };
  await tour.post(admin, `/api/client1/${clientId}/email`, {
    ...from,
    emailSubject: 'Hello',
    emailMessage: 'From the tour',
  });
  await tour.post(admin, `/api/client1/${clientId}/sms`, { ...from, smsMessage: 'From the tour' });
  await tour.get(admin, `/api/client1/company/${c}/bulksms/preview`);
  await tour.get(admin, `/api/client1/company/${c}/bulksms/preview?message=Closed%20on%20Friday`);
  await tour.send(admin, 'POST', `/api/client1/company/${c}/bulksms`, {
    body: { message: 'Closed on Friday' },
    headers: { 'idempotency-key': 'tour-bulk-1' },
  });

  await tour.get(admin, `/api/credit/${c}`);
  await tour.send(admin, 'POST', `/api/credit/${c}/topup`, {
    body: { amountCents: 10000, note: 'Tour top-up' },
    headers: { 'idempotency-key': 'tour-topup-1' },
  });
  await tour.put(admin, `/api/credit/${c}/settings`, { dailyCap: 5000, segmentPriceCents: 30 });
  await tour.get(admin, `/api/credit/${c}/ledger?page=1&size=10`);
  await tour.get(admin, `/api/message1/company/${c}?page=1&size=10`);
  await tour.get(admin, '/api/message1/delivery');
  await tour.get(
    admin,
    `/api/message1/company/${c}?status=queued&channel=sms&clientId=${clientId}&bulkSendId=1`,
  );
  await tour.get(admin, `/api/client1/${clientId}/messages?page=1&size=100`);
  // The record's timeline: every kind, then one kind from the first page's last entry (a cursor).
  const timeline = (await tour.get(admin, `/api/client1/${clientId}/timeline?size=2`)) as {
    nextCursor: string;
  };
  await tour.get(
    admin,
    `/api/client1/${clientId}/timeline?kinds=sms&cursor=${encodeURIComponent(timeline.nextCursor)}`,
  );
}
