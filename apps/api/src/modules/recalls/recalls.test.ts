import { RECALL_MESSAGES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { execute } from '../../lib/sql.ts';
import { auditActions, countRows, type Diary } from '../appointments/appointment-test-support.ts';
import { at, makeTemplate, openReminderDiary, SET_UP_TIMEOUT } from '../reminders/reminder-test-support.ts';
import { recallsForInvoice } from './recall.service.ts';
import { makeRecall, makeRecallType, RECALL_SMS, recallRows, zaDay } from './recall-test-support.ts';

let d: Diary;
let clients: number[];
let practitioner: number;
let apptType: number;
let template: number;
let ukTemplate: number;
let products: { id: number; name: string }[];
let ukProduct: number;

beforeAll(async () => {
  const r = await openReminderDiary('Recall visit');
  ({ d, clients, practitioner } = r);
  apptType = r.type;
  template = (await makeTemplate(d, { name: 'Recall', channel: 'sms', body: RECALL_SMS })).id;
  ukTemplate = (await makeTemplate(d, { name: 'UK recall', channel: 'sms', body: 'Due {{date}}' }, d.uk)).id;
  products = (await d.call('GET', `/api/product1/${d.zaCompany}`, d.za)).json();
  const ukProducts = (await d.call('GET', `/api/product1/${d.ukCompany}`, d.uk)).json();
  ukProduct = ukProducts[0].id;
  if (products.length < 3) throw new Error('the seed has too few products');
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const typeBase = () => `/api/recall/type/${d.zaCompany}`;
const valid = () => ({
  name: 'Check-up',
  intervalValue: 6,
  intervalUnit: 'weeks',
  templateId: template,
  ladder: [0, 14],
});

describe('recall types', () => {
  it('administrators create, change and delete them; everyone reads; audited', async () => {
    const created = await d.call('POST', typeBase(), d.za, {
      ...valid(),
      name: 'Annual review',
      intervalValue: 12,
      intervalUnit: 'months',
      ladder: [0, 7, 21],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      name: 'Annual review',
      intervalValue: 12,
      intervalUnit: 'months',
      templateId: template,
      templateName: 'Recall',
      channel: 'sms',
      ladder: [0, 7, 21],
      products: [],
      openRecalls: 0,
    });
    const list = (await d.call('GET', `/api/recall/types/${d.zaCompany}`, d.reception)).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ id, name: 'Annual review' })]));
    expect((await d.call('POST', typeBase(), d.reception, valid())).statusCode).toBe(403);
    expect((await d.call('PUT', `/api/recall/type/${id}`, d.reception, { name: 'x' })).statusCode).toBe(403);
    expect((await d.call('DELETE', `/api/recall/type/${id}`, d.reception)).statusCode).toBe(403);
    const changed = await d.call('PUT', `/api/recall/type/${id}`, d.za, {
      ladder: [3],
      productIds: [products[2]?.id],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Annual review',
      ladder: [3],
      products: [{ id: products[2]?.id }],
    });
    expect((await d.call('DELETE', `/api/recall/type/${id}`, d.za)).statusCode).toBe(204);
    expect((await d.call('GET', `/api/recall/type/${id}`, d.za)).statusCode).toBe(404);
    expect((await auditActions(d, d.zaCompany, 'recall-type.%')).map((a) => a.action)).toEqual([
      'recall-type.create',
      'recall-type.update',
      'recall-type.delete',
    ]);
  });

  it('bad input is a 400 naming the field, and nothing is saved', async () => {
    const before = await countRows(d, 'recall_types');
    const refused = async (body: object, path: string, message?: string) => {
      const res = await d.call('POST', typeBase(), d.za, { ...valid(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[0]?.path).toBe(path);
      if (message) expect(res.json().fields[0].message).toBe(message);
    };
    await refused({ intervalValue: 0 }, 'body.intervalValue', RECALL_MESSAGES.intervalRange);
    await refused({ intervalValue: -3 }, 'body.intervalValue');
    await refused({ intervalValue: 1.5 }, 'body.intervalValue');
    await refused({ intervalUnit: 'years' }, 'body.intervalUnit');
    await refused({ ladder: [0, 7, 14, 21] }, 'body.ladder', RECALL_MESSAGES.ladderSize);
    await refused({ ladder: [] }, 'body.ladder', RECALL_MESSAGES.ladderSize);
    await refused({ ladder: [0, -1] }, 'body.ladder.1', RECALL_MESSAGES.ladderDays);
    await refused({ templateId: ukTemplate }, 'body.templateId');
    await refused({ productIds: [ukProduct] }, 'body.productIds');
    const withTime = await makeTemplate(d, {
      name: 'Has time',
      channel: 'sms',
      body: 'See {{practitioner}} at {{time}}',
    });
    await refused(
      { templateId: withTime.id },
      'body.templateId',
      RECALL_MESSAGES.recallMergeField('practitioner'),
    );
    const health = await d.call('POST', `/api/reminder/template/${d.zaCompany}`, d.za, {
      name: 'Bad',
      channel: 'sms',
      body: 'Your {{diagnosis}}',
    });
    expect(health.statusCode).toBe(400);
    expect(health.json().fields[0].path).toBe('body.body');
    expect(await countRows(d, 'recall_types')).toBe(before);
  });

  it('one product starts one recall type; a second name clash is a 409', async () => {
    const first = await makeRecallType(d, {
      ...valid(),
      name: 'Physio re-assessment',
      productIds: [products[1]?.id],
    });
    const taken = await d.call('POST', typeBase(), d.za, {
      ...valid(),
      name: 'Other',
      productIds: [products[1]?.id],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual([
      { path: 'body.productIds', message: RECALL_MESSAGES.productTaken(products[1]?.name ?? '') },
    ]);
    const clash = await d.call('POST', typeBase(), d.za, { ...valid(), name: 'physio RE-ASSESSMENT' });
    expect(clash.statusCode).toBe(409);
    // Changing the type keeps its own product.
    expect((await d.call('PUT', `/api/recall/type/${first.id}`, d.za, { intervalValue: 8 })).statusCode).toBe(
      200,
    );
  });
});

describe('the template of a recall type', () => {
  it('keeps a recall’s merge fields (400 on body.body) and cannot be deleted while a type uses it (409)', async () => {
    const own = await makeTemplate(d, { name: 'Kept for recalls', channel: 'sms', body: 'Due {{date}}' });
    await makeRecallType(d, { ...valid(), name: 'Uses kept', templateId: own.id });
    const res = await d.call('PUT', `/api/reminder/template/${own.id}`, d.za, {
      body: 'Due {{date}} at {{time}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.body', message: RECALL_MESSAGES.recallMergeField('time') },
    ]);
    expect(
      (await d.call('PUT', `/api/reminder/template/${own.id}`, d.za, { body: 'Due on {{date}}' })).statusCode,
    ).toBe(200);
    const removed = await d.call('DELETE', `/api/reminder/template/${own.id}`, d.za);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toContain('1 recall type');
  });
});

describe('recalls on a client', () => {
  it('recorded by hand: due on the service date plus the interval (months by the calendar)', async () => {
    const weeks = await makeRecallType(d, { ...valid(), name: 'Six weeks' });
    const months = await makeRecallType(d, {
      ...valid(),
      name: 'One month',
      intervalValue: 1,
      intervalUnit: 'months',
    });
    const days = await makeRecallType(d, {
      ...valid(),
      name: 'Ten days',
      intervalValue: 10,
      intervalUnit: 'days',
    });
    const client = clients[5] ?? 0;
    expect((await makeRecall(d, client, { typeId: weeks.id, serviceDate: '2026-03-02' })).dueDate).toBe(
      '2026-04-13',
    );
    expect((await makeRecall(d, client, { typeId: months.id, serviceDate: '2026-01-31' })).dueDate).toBe(
      '2026-02-28',
    );
    expect((await makeRecall(d, client, { typeId: days.id, serviceDate: '2026-12-25' })).dueDate).toBe(
      '2027-01-04',
    );
    const today = await makeRecall(d, client, { typeId: days.id }, d.reception);
    expect(today).toMatchObject({ status: 'due', dueDate: zaDay(10) });
    expect((await auditActions(d, d.zaCompany, 'recall.create')).length).toBeGreaterThanOrEqual(4);
  });

  it('another company’s client is a 404, its recall type a 400 on typeId; nothing is written', async () => {
    const type = await makeRecallType(d, { ...valid(), name: 'Foreign probe' });
    const ukType = await makeRecallType(
      d,
      { name: 'UK type', intervalValue: 1, intervalUnit: 'months', templateId: ukTemplate, ladder: [0] },
      d.uk,
    );
    const ukClient = (
      await withSystem(d.ctx.database.db, (tx) =>
        tx.execute(sql`select id from clients where company_id = ${d.ukCompany} limit 1`),
      )
    ).rows[0]?.id;
    const before = await countRows(d, 'recalls');
    expect(
      (await d.call('POST', `/api/recall/client/${ukClient}`, d.za, { typeId: type.id })).statusCode,
    ).toBe(404);
    const foreignType = await d.call('POST', `/api/recall/client/${clients[0]}`, d.za, { typeId: ukType.id });
    expect(foreignType.statusCode).toBe(400);
    expect(foreignType.json().fields[0].path).toBe('body.typeId');
    const badDate = await d.call('POST', `/api/recall/client/${clients[0]}`, d.za, {
      typeId: type.id,
      serviceDate: '2026-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields[0].path).toBe('body.serviceDate');
    expect(await countRows(d, 'recalls')).toBe(before);
  });

  it('invoicing a linked product creates the recall in the invoice’s transaction, once per invoice line', async () => {
    const product = products[0] ?? { id: 0 };
    const type = await makeRecallType(d, { ...valid(), name: 'From invoice', productIds: [product.id] });
    const client = clients[1] ?? 0;
    const res = await d.call('POST', `/api/invoice1/${d.zaCompany}/product/${client}/${product.id}`, d.za);
    expect(res.statusCode).toBe(201);
    const invoiceId = res.json().id;
    const made = await recallRows(d, sql`invoice_id = ${invoiceId}`);
    expect(made).toEqual([
      expect.objectContaining({ clientId: client, typeId: type.id, status: 'due', dueDate: zaDay(42) }),
    ]);
    // A second run for the same invoice adds nothing, and the database refuses a second row for the line.
    await withSystem(d.ctx.database.db, (tx) => recallsForInvoice(tx, d.zaCompany, invoiceId, null));
    expect(await recallRows(d, sql`invoice_id = ${invoiceId}`)).toHaveLength(1);
    await expect(
      withSystem(d.ctx.database.db, (tx) =>
        execute(
          tx,
          sql`insert into recalls (company_id, client_id, type_id, service_date, due_date, invoice_id, invoice_line_id)
              values (${d.zaCompany}, ${client}, ${type.id}, now()::date, now()::date, ${invoiceId}, ${made[0]?.invoiceLineId})`,
        ),
      ),
    ).rejects.toThrow();
    // A draft starts nothing until it is issued; an invoice without the product starts nothing.
    const draft = await d.call('POST', `/api/invoice1/${d.zaCompany}`, d.za, {
      clientId: client,
      invoiced: '2026-03-02',
      draft: true,
      lines: [{ productId: product.id, description: 'Linked', quantity: 1, unitPriceCents: 1000 }],
    });
    expect(draft.statusCode).toBe(201);
    expect(await recallRows(d, sql`invoice_id = ${draft.json().id}`)).toHaveLength(0);
    const issued = await d.call('PUT', `/api/invoice1/${draft.json().id}`, d.za, { status: 'active' });
    expect(issued.statusCode).toBe(200);
    // Due on the invoiced date plus the interval.
    expect(await recallRows(d, sql`invoice_id = ${draft.json().id}`)).toEqual([
      expect.objectContaining({ dueDate: '2026-04-13', status: 'due' }),
    ]);
    const plain = await d.call('POST', `/api/invoice1/${d.zaCompany}`, d.za, {
      clientId: client,
      invoiced: '2026-03-02',
      lines: [{ description: 'Other', quantity: 1, unitPriceCents: 1000 }],
    });
    expect(await recallRows(d, sql`invoice_id = ${plain.json().id}`)).toHaveLength(0);
  });

  it('cancelling the invoice cancels the open recalls it started, in the same transaction', async () => {
    const product = products[1] ?? { id: 0 };
    await makeRecallType(d, { ...valid(), name: 'Cancelled with invoice', productIds: [product.id] });
    const client = clients[2] ?? 0;
    const invoiced = async () => {
      const res = await d.call('POST', `/api/invoice1/${d.zaCompany}/product/${client}/${product.id}`, d.za);
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const first = await invoiced();
    const second = await invoiced();
    expect(await recallRows(d, sql`invoice_id in (${first}, ${second})`)).toEqual([
      expect.objectContaining({ status: 'due' }),
      expect.objectContaining({ status: 'due' }),
    ]);
    expect((await d.call('DELETE', `/api/invoice1/${first}`, d.za)).statusCode).toBe(204);
    expect(await recallRows(d, sql`invoice_id = ${first}`)).toEqual([
      expect.objectContaining({ status: 'cancelled' }),
    ]);
    // The other invoice's recall stays open.
    expect(await recallRows(d, sql`invoice_id = ${second}`)).toEqual([
      expect.objectContaining({ status: 'due' }),
    ]);
  });

  it('a billing run starts the recalls of the client products it invoices, once', async () => {
    const co = d.zaCompany;
    const plan = (
      await d.call('POST', `/api/billingplan/${co}`, d.za, {
        name: 'Recall plan',
        amount: 1,
        frequency: 'monthly',
      })
    ).json();
    const product = (
      await d.call('POST', `/api/product1/${co}`, d.za, {
        name: 'Recall product',
        premium: 5000,
        value: 1,
        billingPlanId: plan.id,
      })
    ).json();
    const type = await makeRecallType(d, { ...valid(), name: 'From a run', productIds: [product.id] });
    const client = clients[7] ?? clients[0] ?? 0;
    const held = await d.call('POST', `/api/clientproduct/${client}/${product.id}`, d.za);
    expect(
      (await d.call('PUT', `/api/clientproduct/${held.json().id}`, d.za, { inception: '2027-01-01' }))
        .statusCode,
    ).toBe(200);
    const run = await d.call('POST', `/api/billingrun/${co}`, d.za, { period: '2027-02' });
    expect(run.statusCode).toBeLessThan(300);
    const made = await recallRows(d, sql`type_id = ${type.id}`);
    expect(made).toEqual([
      expect.objectContaining({ clientId: client, status: 'due', dueDate: '2027-03-15' }),
    ]);
    await d.call('POST', `/api/billingrun/${co}`, d.za, { period: '2027-02' });
    expect(await recallRows(d, sql`type_id = ${type.id}`)).toHaveLength(1);
  });

  it('booking any appointment completes the client’s open recalls, in the booking’s transaction', async () => {
    const type = await makeRecallType(d, { ...valid(), name: 'Completes' });
    const [mine, other] = [clients[2] ?? 0, clients[3] ?? 0];
    const open = await makeRecall(d, mine, { typeId: type.id, serviceDate: zaDay(-50) });
    const cancelled = await makeRecall(d, mine, { typeId: type.id, serviceDate: zaDay(-50) });
    expect((await d.call('PUT', `/api/recall/${cancelled.id}/cancel`, d.za)).json().status).toBe('cancelled');
    const others = await makeRecall(d, other, { typeId: type.id, serviceDate: zaDay(-50) });
    const booked = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
      clientId: mine,
      practitionerId: practitioner,
      typeId: apptType,
      start: at(9, '11:00'),
      allowOverlap: true,
    });
    expect(booked.statusCode).toBe(201);
    const [afterOpen, afterCancelled, afterOther] = await Promise.all(
      [open, cancelled, others].map(async (r) => (await recallRows(d, sql`id = ${r.id}`))[0]),
    );
    expect(afterOpen).toMatchObject({ status: 'completed', completedAppointmentId: booked.json().id });
    expect(afterCancelled?.status).toBe('cancelled');
    expect(afterOther?.status).toBe('due');
    // A recall made after the booking stays open until the next booking.
    const later = await makeRecall(d, mine, { typeId: type.id });
    expect((await recallRows(d, sql`id = ${later.id}`))[0]?.status).toBe('due');
    // A series booking completes it, naming the series' first appointment.
    const series = await d.call('POST', `/api/appointment/series/${d.zaCompany}`, d.reception, {
      clientId: mine,
      practitionerId: practitioner,
      typeId: apptType,
      frequency: 'weekly',
      start: at(20, '15:00'),
      count: 2,
      allowOverlap: true,
    });
    expect(series.statusCode).toBe(201);
    const [afterSeries] = await recallRows(d, sql`id = ${later.id}`);
    expect(afterSeries?.status).toBe('completed');
    expect(series.json().appointments[0].id).toBe(afterSeries?.completedAppointmentId);
  });

  it('cancel: only an open recall (409 after), another company’s is a 404', async () => {
    const type = await makeRecallType(d, { ...valid(), name: 'Cancel me' });
    const recall = await makeRecall(d, clients[4] ?? 0, { typeId: type.id });
    expect((await d.call('PUT', `/api/recall/${recall.id}/cancel`, d.reception)).statusCode).toBe(200);
    expect((await d.call('PUT', `/api/recall/${recall.id}/cancel`, d.za)).statusCode).toBe(409);
    expect((await d.call('PUT', `/api/recall/${recall.id}/cancel`, d.uk)).statusCode).toBe(404);
  });
});

describe('the recall list', () => {
  it('filters by state, type, client and due dates, soonest first, a page at a time', async () => {
    const type = await makeRecallType(d, {
      ...valid(),
      name: 'Listed',
      intervalValue: 10,
      intervalUnit: 'days',
    });
    const client = clients[6] ?? clients[0] ?? 0;
    const overdue = await makeRecall(d, client, { typeId: type.id, serviceDate: zaDay(-15) });
    const due = await makeRecall(d, client, { typeId: type.id, serviceDate: zaDay(-5) });
    const cancelled = await makeRecall(d, client, { typeId: type.id, serviceDate: zaDay(-4) });
    await d.call('PUT', `/api/recall/${cancelled.id}/cancel`, d.za);
    const list = async (query: string) => {
      const res = await d.call(
        'GET',
        `/api/recall/list/${d.zaCompany}?typeId=${type.id}&${query}`,
        d.reception,
      );
      expect(res.statusCode, query).toBe(200);
      return res.json() as {
        content: { id: number; overdue: boolean; nextStep: number | null }[];
        totalElements: number;
        today: string;
      };
    };
    const open = await list('');
    expect(open.content.map((r) => r.id)).toEqual([overdue.id, due.id]);
    expect(open.content.map((r) => r.overdue)).toEqual([true, false]);
    expect(open.content[0]?.nextStep).toBe(1);
    expect(open.today).toBe(zaDay(0));
    expect((await list('status=overdue')).content.map((r) => r.id)).toEqual([overdue.id]);
    expect((await list('status=cancelled')).content.map((r) => r.id)).toEqual([cancelled.id]);
    expect((await list('status=all')).totalElements).toBe(3);
    expect((await list(`status=all&dueFrom=${zaDay(1)}`)).content.map((r) => r.id)).toEqual([
      due.id,
      cancelled.id,
    ]);
    expect((await list(`status=all&clientId=${client}&size=1&page=2`)).content.map((r) => r.id)).toEqual([
      due.id,
    ]);
    expect((await list('status=all&size=1&page=2')).totalElements).toBe(3);
    const bad = await d.call('GET', `/api/recall/list/${d.zaCompany}?status=late`, d.za);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('querystring.status');
    expect((await d.call('GET', `/api/recall/list/${d.ukCompany}`, d.za)).statusCode).toBe(404);
  });
});
