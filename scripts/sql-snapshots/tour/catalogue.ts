import { type Session, Tour } from './support.ts';

/** Billing plans, products, a client's products, note templates, notes, processes and tasks. */
export async function tourCatalogue(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  const plan = Tour.idOf(
    await tour.post(admin, `/api/billingplan/${c}`, {
      name: 'Tour plan',
      amount: 1500,
      frequency: 'monthly',
    }),
  );
  await tour.get(admin, `/api/billingplan/${c}`);
  await tour.get(admin, `/api/billingplan/active/${c}`);
  await tour.get(admin, `/api/billingplan/bookings/${c}`);
  await tour.get(admin, `/api/billingplan/search/${c}/tour`);
  await tour.get(admin, `/api/billingplan/specific/${plan}`);
  await tour.put(admin, `/api/billingplan/${plan}`, {
    name: 'Tour plan',
    amount: 1600,
    frequency: 'monthly',
  });

  const product = Tour.idOf(
    await tour.post(admin, `/api/product1/${c}`, {
      name: 'Tour product',
      premium: 2500,
      value: 100000,
      billingPlanId: plan,
      tariffCode: '72101',
    }),
  );
  await tour.get(admin, `/api/product1/${c}`);
  await tour.get(admin, `/api/product1/${c}/tour`);
  await tour.get(admin, `/api/product1/specific/${product}`);
  await tour.put(admin, `/api/product1/${product}`, {
    name: 'Tour product',
    premium: 2600,
    value: 100000,
    billingPlanId: plan,
  });

  const held = Tour.idOf(await tour.post(admin, `/api/clientproduct/${clientId}/${product}`));
  await tour.get(admin, `/api/clientproduct/${clientId}`);
  await tour.get(admin, `/api/clientproduct/product/${product}`);
  await tour.put(admin, `/api/clientproduct/${held}`, { premium: 2700, inception: '2025-01-01' });

  // Deleted at once: a spare plan, a spare product and a spare holding.
  const sparePlan = Tour.idOf(
    await tour.post(admin, `/api/billingplan/${c}`, { name: 'Spare', amount: 1, frequency: 'once' }),
  );
  await tour.delete(admin, `/api/billingplan/${sparePlan}`);
  const spareProduct = Tour.idOf(
    await tour.post(admin, `/api/product1/${c}`, { name: 'Spare', premium: 1, value: 1 }),
  );
  const spareHeld = Tour.idOf(await tour.post(admin, `/api/clientproduct/${clientId}/${spareProduct}`));
  await tour.delete(admin, `/api/clientproduct/${spareHeld}?answer=Y`);
  const unheld = Tour.idOf(
    await tour.post(admin, `/api/product1/${c}`, { name: 'Unheld', premium: 1, value: 1 }),
  );
  await tour.delete(admin, `/api/product1/${unheld}`);

  const template = Tour.idOf(
    await tour.post(admin, `/api/notetemplate/${c}`, { subject: 'Tour template', body: '<p>Hello</p>' }),
  );
  await tour.get(admin, `/api/notetemplate/${c}`);
  await tour.put(admin, `/api/notetemplate/${template}`, {
    subject: 'Tour template',
    body: '<p>Hello again</p>',
  });
  const note = Tour.idOf(
    await tour.post(admin, `/api/note1/client/${clientId}`, { subject: 'Tour note', sharable: 'Y' }),
  );
  await tour.post(admin, `/api/note1/client/${clientId}/${template}`);
  await tour.put(admin, `/api/note1/client/${clientId}`, { id: note, subject: 'Tour note, changed' });
  await tour.get(admin, `/api/note1/${c}`);
  await tour.get(admin, `/api/note1/client/${clientId}`);
  await tour.delete(admin, `/api/note1/${note}?answer=Y`);
  await tour.delete(admin, `/api/notetemplate/${template}`);
  return { product, held, plan };
}

/** Processes and tasks (tasks refuse the practice role, so a colleague of another role works them). */
export async function tourTasks(tour: Tour, admin: Session, clientId: number) {
  const c = admin.user.companyId;
  const worker = await tour.as('za.evolve');
  const process = Tour.idOf(await tour.post(admin, `/api/process/${c}`, { name: 'Tour process' }));
  await tour.get(admin, `/api/process/${c}`);
  await tour.get(admin, `/api/process/${c}/tour`);
  await tour.get(admin, `/api/process/specific/${process}`);
  await tour.put(admin, `/api/process/${process}`, { description: 'Walks the API' });
  const spare = Tour.idOf(await tour.post(admin, `/api/process/${c}`, { name: 'Spare process' }));
  await tour.delete(admin, `/api/process/${spare}`);

  const task = Tour.idOf(
    await tour.post(worker, `/api/task/${c}`, {
      clientId,
      processId: process,
      type: 'O',
      description: 'Tour task',
      due: '2026-01-15T09:00:00+02:00',
    }),
  );
  await tour.put(worker, `/api/task/${task}`, { status: 'W' });
  await tour.put(worker, `/api/task/${task}`, { status: 'C' });
  const open = Tour.idOf(
    await tour.post(worker, `/api/task/${c}`, { clientId, type: 'B', description: 'Open task' }),
  );
  await tour.get(worker, `/api/task/active/${c}`);
  await tour.get(worker, `/api/task/active/${c}/${worker.user.id}`);
  await tour.get(worker, `/api/task/complete/${c}`);
  await tour.get(worker, `/api/task/complete/recent/${c}`);
  await tour.get(worker, `/api/task/all/${c}/client/${clientId}`);
  await tour.get(worker, `/api/task/specific/${task}`);
  const tasks = `/api/task/lazyloading/${c}`;
  await tour.get(worker, `${tasks}?page=1&size=10`);
  await tour.get(
    worker,
    `${tasks}?sortField=clientName&sortOrder=asc&search=tour&status=C&type=O&category=${process}&userId=${worker.user.id}`,
  );
  await tour.get(worker, `${tasks}?filter=overdue&start=2020-01-01T00:00:00Z&end=2099-01-01T00:00:00Z`);
  await tour.delete(worker, `/api/task/${open}`);
}
