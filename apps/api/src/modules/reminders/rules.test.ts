import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, countRows, type Diary } from '../appointments/appointment-test-support.ts';
import {
  at,
  dispatchRows,
  makeRule,
  makeTemplate,
  openReminderDiary,
  SET_UP_TIMEOUT,
} from './reminder-test-support.ts';

let d: Diary;
let type: number;
let practitioner: number;
let clients: number[];
let sms: number;
let email: number;
beforeAll(async () => {
  ({ d, type, practitioner, clients } = await openReminderDiary());
  sms = (await makeTemplate(d, { name: 'Rule SMS', channel: 'sms', body: 'See you {{date}} {{time}}.' })).id;
  email = (
    await makeTemplate(d, { name: 'Rule mail', channel: 'email', subject: 'Visit', body: 'On {{date}}.' })
  ).id;
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const url = () => `/api/reminder/rule/${d.zaCompany}`;
const book = (start: string, clientId = clients[0]) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId,
    practitionerId: practitioner,
    typeId: type,
    start,
  });

describe('reminder rules', () => {
  it('refuses bad input with 400 naming the field, and saves nothing', async () => {
    const before = await countRows(d, 'reminder_rules', sql`company_id = ${d.zaCompany}`);
    const bad = async (body: object, path: string, message: RegExp) => {
      const res = await d.call('POST', url(), d.za, {
        typeId: type,
        channel: 'sms',
        templateId: sms,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[0].path).toBe(path);
      expect(res.json().fields[0].message).toMatch(message);
      expect(res.json().fields, 'each problem once').toHaveLength(1);
    };
    await bad({ offsetValue: 0, offsetUnit: 'hours' }, 'body.offsetValue', /From 1 minute to 30 days/);
    await bad({ offsetValue: 31, offsetUnit: 'days' }, 'body.offsetValue', /From 1 minute to 30 days/);
    await bad({ offsetValue: 721, offsetUnit: 'hours' }, 'body.offsetValue', /From 1 minute to 30 days/);
    await bad({ offsetValue: -5, offsetUnit: 'minutes' }, 'body.offsetValue', /From 1 minute/);
    await bad({}, 'body.offsetValue', /From 1 minute/);
    await bad({ offsetValue: 1e308 }, 'body.offsetValue', /From 1 minute/);
    await bad({ kind: 'booked', offsetValue: 2 }, 'body.offsetValue', /leave the offset empty/);
    await bad({ offsetValue: 1, templateId: email }, 'body.templateId', /an SMS template/);
    await bad({ offsetValue: 1, templateId: 999_999 }, 'body.templateId', /reminder templates/);
    await bad({ offsetValue: 1, typeId: 999_999 }, 'body.typeId', /appointment types/);
    expect(await countRows(d, 'reminder_rules', sql`company_id = ${d.zaCompany}`)).toBe(before);
    const reception = await d.call('POST', url(), d.reception, {
      typeId: type,
      channel: 'sms',
      templateId: sms,
      offsetValue: 1,
    });
    expect(reception.statusCode).toBe(403);
  });

  it('a new rule schedules the type’s upcoming bookings; changing it moves them; off or deleted drops them', async () => {
    const far = (await book(at(10, '09:00'))).json();
    const near = (await book(at(0, '23:30'), clients[1])).json(); // inside a 2-day offset
    const cancelled = (await book(at(10, '11:00'), clients[2])).json();
    await d.call('POST', `/api/appointment/${cancelled.id}/status`, d.reception, {
      status: 'cancelled',
      cancelReason: 'client',
    });
    const rule = await makeRule(d, {
      typeId: type,
      channel: 'sms',
      templateId: sms,
      offsetValue: 2,
      offsetUnit: 'days',
    });
    const of = (id: number) => dispatchRows(d, sql`rule_id = ${rule.id} and appointment_id = ${id}`);
    const [first] = await of(far.id);
    expect(first).toMatchObject({ kind: 'before', channel: 'sms', status: 'pending', version: 1 });
    expect(Date.parse(`${first?.startsAt}Z`) - Date.parse(`${first?.dueAt}Z`)).toBe(2 * 86_400_000);
    expect(await of(near.id)).toEqual([]);
    expect(await of(cancelled.id)).toEqual([]);
    // 409 for the same rule twice.
    const again = await d.call('POST', url(), d.za, {
      typeId: type,
      channel: 'sms',
      templateId: sms,
      offsetValue: 48,
      offsetUnit: 'hours',
    });
    expect(again.statusCode).toBe(409);

    const changed = await d.call('PUT', `/api/reminder/rule/${rule.id}`, d.za, { offsetValue: 1 });
    expect(changed.json()).toMatchObject({
      offsetValue: 1,
      offsetUnit: 'days',
      description: 'SMS 1 day before',
    });
    const [moved] = await of(far.id);
    expect(moved?.id).toBe(first?.id);
    expect(Date.parse(`${moved?.startsAt}Z`) - Date.parse(`${moved?.dueAt}Z`)).toBe(86_400_000);

    await d.call('PUT', `/api/reminder/rule/${rule.id}`, d.za, { active: 'N' });
    expect((await of(far.id)).map((r) => r.status)).toEqual(['superseded']);
    // On again: the same version is scheduled anew (superseded rows do not count for the unique key).
    await d.call('PUT', `/api/reminder/rule/${rule.id}`, d.za, { active: 'Y' });
    expect((await of(far.id)).map((r) => `${r.status} v${r.version}`)).toEqual([
      'superseded v1',
      'pending v1',
    ]);

    const list = await d.call('GET', `/api/reminder/rules/${d.zaCompany}?typeId=${type}`, d.reception);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: rule.id,
        typeName: 'Reminder visit',
        templateName: 'Rule SMS',
        active: 'Y',
      }),
    ]);
    expect((await d.call('DELETE', `/api/reminder/rule/${rule.id}`, d.za)).statusCode).toBe(204);
    expect((await of(far.id)).map((r) => r.status)).toEqual(['superseded', 'superseded']);
    expect((await d.call('GET', `/api/reminder/rule/${rule.id}`, d.za)).statusCode).toBe(404);
    expect((await d.call('GET', `/api/reminder/rules/${d.zaCompany}`, d.za)).json()).toEqual([]);
    const audit = await auditActions(d, d.zaCompany, 'reminder-rule.%');
    expect(audit.map((a) => a.action)).toEqual([
      'reminder-rule.create',
      'reminder-rule.update',
      'reminder-rule.update',
      'reminder-rule.update',
      'reminder-rule.delete',
    ]);
  });

  it('describes notices in words and keeps their offset at zero', async () => {
    const notice = await makeRule(d, { typeId: type, kind: 'booked', channel: 'email', templateId: email });
    const res = await d.call('GET', `/api/reminder/rule/${notice.id}`, d.reception);
    expect(res.json()).toMatchObject({
      kind: 'booked',
      offsetValue: null,
      offsetMinutes: 0,
      description: 'E-mail on booking',
    });
    await d.call('DELETE', `/api/reminder/rule/${notice.id}`, d.za);
  });

  it('another company’s templates, rules and dispatches answer 404 (in the body: 400), like missing ones', async () => {
    const ukType = (await d.call('GET', `/api/appointment/types/${d.ukCompany}`, d.uk)).json()[0].id;
    const ukTemplate = (await makeTemplate(d, { name: 'UK', channel: 'sms', body: '{{date}}' }, d.uk)).id;
    const ukRule = (
      await makeRule(d, { typeId: ukType, channel: 'sms', templateId: ukTemplate, offsetValue: 1 }, d.uk)
    ).id;
    for (const [method, path] of [
      ['GET', `/api/reminder/template/${ukTemplate}`],
      ['DELETE', `/api/reminder/template/${ukTemplate}`],
      ['GET', `/api/reminder/rule/${ukRule}`],
      ['DELETE', `/api/reminder/rule/${ukRule}`],
      ['GET', `/api/reminder/rules/${d.ukCompany}`],
      ['GET', `/api/reminder/forecast/${d.ukCompany}`],
    ] as const)
      expect((await d.call(method, path, d.za)).statusCode, `${method} ${path}`).toBe(404);
    expect((await d.call('PUT', `/api/reminder/rule/${ukRule}`, d.za, { active: 'N' })).statusCode).toBe(404);
    const borrowed = await d.call('POST', url(), d.za, {
      typeId: type,
      channel: 'sms',
      templateId: ukTemplate,
      offsetValue: 5,
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields[0].path).toBe('body.templateId');
    const foreignType = await d.call('POST', url(), d.za, {
      typeId: ukType,
      channel: 'sms',
      templateId: sms,
      offsetValue: 5,
    });
    expect(foreignType.json().fields[0].path).toBe('body.typeId');
    expect(
      (await d.call('GET', `/api/reminder/rules/${d.zaCompany}`, d.za))
        .json()
        .map((r: { id: number }) => r.id),
    ).not.toContain(ukRule);
  });
});
