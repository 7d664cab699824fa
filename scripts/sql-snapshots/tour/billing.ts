import { type Session, Tour } from './support.ts';

const STATEMENT = { type: 'C', startDate: '2025-01-01', endDate: '2025-12-31' };

/** Invoices in every list and way of making one, payments, unpaid notices and runs, statements. */
export async function tourBilling(
  tour: Tour,
  admin: Session,
  ids: { clientId: number; product: number; held: number; plan: number },
) {
  const c = admin.user.companyId;
  const { clientId } = ids;
  await tour.get(admin, `/api/billing/settings/${c}`);
  await tour.put(admin, `/api/billing/settings/${c}`, { unpaidIntervalDays: 14, paymentTermsDays: 30 });

  const invoice = Tour.idOf(
    await tour.post(admin, `/api/invoice1/${c}`, {
      clientId,
      invoiced: '2025-02-01',
      clientProductId: ids.held,
      lines: [{ description: 'Consultation', quantity: 2, unitPriceCents: 45000, tariffCode: '72103' }],
      practitionerId: admin.user.id,
    }),
  );
  const draft = Tour.idOf(
    await tour.post(admin, `/api/invoice1/${c}`, {
      clientId,
      invoiced: '2025-03-01',
      draft: true,
      lines: [{ description: 'Draft line', quantity: 1, unitPriceCents: 1000, tariffCode: '72105' }],
    }),
  );
  await tour.put(admin, `/api/invoice1/${draft}`, { status: 'active', notes: 'Issued by the tour' });
  const spareDraft = Tour.idOf(
    await tour.post(admin, `/api/invoice1/${c}`, {
      clientId,
      invoiced: '2025-03-02',
      draft: true,
      lines: [{ description: 'Spare', quantity: 1, unitPriceCents: 1, tariffCode: '72105' }],
    }),
  );
  await tour.delete(admin, `/api/invoice1/${spareDraft}`);
  const cancelled = Tour.idOf(
    await tour.post(admin, `/api/invoice1/${c}/product/${clientId}/${ids.product}`),
  );
  await tour.delete(admin, `/api/invoice1/${cancelled}`);
  await tour.post(admin, `/api/invoice1/product/${clientId}/N/${ids.held}`);
  await tour.post(admin, `/api/invoice1/billingplan/${clientId}/N/${ids.plan}`);
  await tour.post(admin, `/api/invoice1/payment/${invoice}`, {
    amount: 1000,
    date: '2025-02-10',
    method: 'eft',
  });

  for (const list of ['active', 'unpaid', 'paid', 'archived', 'all'])
    await tour.get(admin, `/api/invoice1/${list}/${c}`);
  const lazy = `/api/invoice1/all/lazyloading/${c}`;
  await tour.get(admin, `${lazy}?size=10`);
  await tour.get(
    admin,
    `${lazy}?sortField=clientName&sortOrder=asc&search=tour&start=2025-01-01&end=2025-12-31`,
  );
  for (const status of ['unpaid', 'draft']) {
    const filters = encodeURIComponent(JSON.stringify({ status, clientId, clientName: 'tour' }));
    await tour.get(admin, `${lazy}?sortField=outstandingCents&filters=${filters}`);
  }
  await tour.get(admin, `/api/invoice1/all/totals/${c}`);
  await tour.get(admin, `/api/invoice1/all/totals/${c}?search=tour&start=2025-01-01&end=2025-12-31`);
  const byClient = encodeURIComponent(JSON.stringify({ clientId, clientName: 'tour' }));
  await tour.get(admin, `/api/invoice1/all/totals/${c}?filters=${byClient}`);
  await tour.get(admin, `/api/invoice1/all/practitioner/${admin.user.id}`);
  await tour.get(admin, `/api/invoice1/all/practitioner/lazyloading/${admin.user.id}?size=10`);
  await tour.get(admin, `/api/invoice1/${c}/affiliate/${clientId}`);
  await tour.get(admin, `/api/invoice1/specific/${invoice}`);
  await tour.get(admin, `/api/invoice1/appointment/1`);
  await tour.send(admin, 'GET', `/api/invoice1/download/${invoice}`);
  await tour.post(admin, `/api/invoice1/email/${invoice}`, { emailSubject: 'Your invoice' });

  await tour.get(admin, `/api/unpaid/client/${clientId}/owed`);
  await tour.post(admin, `/api/unpaid/client/${clientId}`, { unpaidType: 'G', unpaidAmountOutstanding: 500 });
  const notice = Tour.idOf(await tour.get(admin, `/api/unpaid/client/${clientId}`));
  await tour.send(admin, 'GET', `/api/unpaid/download/${notice}`);

  const billingRun = (await tour.post(admin, `/api/billingrun/${c}`, { period: '2025-06' })).runId;
  const unpaidRun = (await tour.post(admin, `/api/unpaidrun/${c}`)).runId;
  await tour.get(admin, `/api/billingrun/${c}`);
  await tour.get(admin, `/api/unpaidrun/${c}`);
  await tour.get(admin, `/api/invoice1/${c}/billingrun/${billingRun}`);
  await tour.get(admin, `/api/invoice1/${c}/unpaidrun/${unpaidRun}`);
  await tour.get(admin, `/api/invoice1/${c}/billingrun/invoiceinfo/${billingRun}`);
  await tour.get(admin, `/api/invoice1/${c}/unpaidrun/invoiceinfo/${unpaidRun}`);

  await tour.post(admin, `/api/statement/${clientId}`, STATEMENT);
  await tour.post(admin, `/api/statement/${clientId}`, { ...STATEMENT, type: 'D' });
  await tour.send(admin, 'POST', `/api/statement/${clientId}/download`, { body: STATEMENT });
  await tour.post(admin, `/api/statement/${clientId}/email`, STATEMENT);
  await tour.get(admin, `/api/statement/${clientId}/account`);

  // Issue 19: the debtors' age analysis as at a fixed day, filtered, drilled into and exported.
  const asAt = 'asAt=2025-12-31';
  await tour.get(admin, `/api/report/debtors/${c}?${asAt}`);
  await tour.get(admin, `/api/report/debtors/${c}?${asAt}&practitionerId=${admin.user.id}`);
  await tour.get(admin, `/api/report/debtors/${c}/client/${clientId}?${asAt}`);
  await tour.send(admin, 'GET', `/api/report/debtors/${c}/csv?${asAt}`);
  await tour.send(admin, 'GET', `/api/report/debtors/${c}/pdf?${asAt}`);

  // Issue 19, part 2: revenue for fixed months (the statement lists a row per month), each grouping, the CSV and the PDF.
  const months = 'from=2025-01&to=2025-12';
  await tour.get(admin, `/api/report/revenue/${c}?${months}`);
  for (const by of ['practitioner', 'product', 'appointmentType']) {
    await tour.get(admin, `/api/report/revenue/${c}?${months}&by=${by}`);
  }
  await tour.send(admin, 'GET', `/api/report/revenue/${c}/csv?${months}`);
  await tour.send(admin, 'GET', `/api/report/revenue/${c}/pdf?${months}`);

  // Issue 19, part 6: the module home's figures (the reports' own functions, for today).
  await tour.get(admin, `/api/report/home/${c}`);
}
