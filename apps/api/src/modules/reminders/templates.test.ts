import { MAX_REMINDER_SMS_SEGMENTS, renderTemplate, sampleMergeValues, smsSegments } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, countRows, type Diary } from '../appointments/appointment-test-support.ts';
import { setCredit } from '../messaging/test-support/fixture.ts';
import { makeTemplate, openReminderDiary, SET_UP_TIMEOUT } from './reminder-test-support.ts';

let d: Diary;
let type: number;
beforeAll(async () => {
  ({ d, type } = await openReminderDiary());
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 5000, segmentPriceCents: 25 });
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const base = () => `/api/reminder/template/${d.zaCompany}`;
const SMS =
  'Hi {{preferredName}}, {{practiceName}} reminds you of {{date}} at {{time}} with {{practitioner}}. {{cancelInstruction}}';

describe('reminder templates', () => {
  it('administrators create, read, change and delete them; everyone reads; audited', async () => {
    const created = await d.call('POST', base(), d.za, { name: 'Day before', channel: 'sms', body: SMS });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Day before',
      channel: 'sms',
      subject: null,
      body: SMS,
      rules: 0,
    });
    const id = created.json().id;
    expect((await d.call('GET', `/api/reminder/templates/${d.zaCompany}`, d.reception)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, name: 'Day before' })]),
    );
    expect((await d.call('GET', `/api/reminder/template/${id}`, d.reception)).json().body).toBe(SMS);
    expect(
      (await d.call('POST', base(), d.reception, { name: 'x', channel: 'sms', body: 'x' })).statusCode,
    ).toBe(403);
    expect((await d.call('PUT', `/api/reminder/template/${id}`, d.reception, { name: 'y' })).statusCode).toBe(
      403,
    );
    const changed = await d.call('PUT', `/api/reminder/template/${id}`, d.za, { name: 'The day before' });
    expect(changed.json()).toMatchObject({ name: 'The day before', body: SMS });
    expect((await d.call('DELETE', `/api/reminder/template/${id}`, d.za)).statusCode).toBe(204);
    expect((await d.call('GET', `/api/reminder/template/${id}`, d.za)).statusCode).toBe(404);
    const audit = await auditActions(d, d.zaCompany, 'reminder-template.%');
    expect(audit.map((a) => a.action)).toEqual([
      'reminder-template.create',
      'reminder-template.update',
      'reminder-template.delete',
    ]);
  });

  it('an e-mail template needs a subject; merge fields work there too', async () => {
    const res = await d.call('POST', base(), d.za, { name: 'Mail', channel: 'email', body: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.subject', message: 'An e-mail needs a subject.' }]);
    const ok = await makeTemplate(d, {
      name: 'Mail',
      channel: 'email',
      subject: 'Your visit on {{date}}',
      body: 'Dear {{preferredName}}, see you at {{time}} at {{address}}.',
    });
    expect(ok.id).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 naming the field, and saves nothing', async () => {
    const before = await countRows(d, 'reminder_templates', sql`company_id = ${d.zaCompany}`);
    const bad = async (body: object, path: string, message: RegExp) => {
      const res = await d.call('POST', base(), d.za, { name: 'Bad', channel: 'sms', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ path });
      expect(res.json().fields[0].message).toMatch(message);
    };
    await bad({ body: '   ' }, 'body.body', /Field is required/);
    await bad({ body: 'Hi {{firstname}}' }, 'body.body', /Unknown merge field \{\{firstname\}\}/);
    await bad({ body: 'Hi {{preferredName}' }, 'body.body', /two braces/);
    await bad({ body: 'Re: {{diagnosis}}' }, 'body.body', /health details/);
    await bad({ body: 'See {{ notes }}' }, 'body.body', /health details/);
    await bad({ body: 'Bring {{medicalAid}} card' }, 'body.body', /health details/);
    await bad(
      { channel: 'email', subject: 'About {{medicalAidNumber}}', body: 'x' },
      'body.subject',
      /health details/,
    );
    await bad({ body: 'x'.repeat(153 * 6 + 1) }, 'body.body', /7 SMS segments/);
    expect(await countRows(d, 'reminder_templates', sql`company_id = ${d.zaCompany}`)).toBe(before);
    // A change is checked as the whole template: the same refusals.
    const { id } = await makeTemplate(d, { name: 'Short', channel: 'sms', body: 'See you {{date}}.' });
    const res = await d.call('PUT', `/api/reminder/template/${id}`, d.za, { body: '{{icd10}}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('body.body');
  });

  it('previews characters, segments and cost as the Send SMS panel counts them', async () => {
    const res = await d.call('POST', `/api/reminder/template/preview/${d.zaCompany}`, d.reception, {
      channel: 'sms',
      body: SMS,
    });
    expect(res.statusCode).toBe(200);
    const values = sampleMergeValues({
      practiceName: res.json().text.match(/, (.*) reminds you/)[1],
      address: '',
      cancelInstruction: 'To cancel or move it, please call the practice.',
      practitioner: res.json().text.match(/ with (.*)\. To cancel/)[1],
    });
    const text = renderTemplate(SMS, values);
    const counted = smsSegments(text);
    expect(res.json()).toMatchObject({
      text,
      characters: counted.characters,
      segments: counted.segments,
      costCents: counted.segments * 25,
      segmentPriceCents: 25,
      maxSegments: MAX_REMINDER_SMS_SEGMENTS,
      fits: true,
    });
    // An emoji makes it UCS-2: 70 per segment.
    const emoji = await d.call('POST', `/api/reminder/template/preview/${d.zaCompany}`, d.reception, {
      body: `${'a'.repeat(69)}🙂`,
    });
    expect(emoji.json()).toMatchObject({ encoding: 'UCS-2', characters: 71, segments: 2, costCents: 50 });
    const long = await d.call('POST', `/api/reminder/template/preview/${d.zaCompany}`, d.reception, {
      body: 'x'.repeat(1000),
    });
    expect(long.json()).toMatchObject({ segments: 7, fits: false });
  });

  it('keeps a template that a rule uses: no delete, no change of channel (409)', async () => {
    const { id } = await makeTemplate(d, { name: 'Used', channel: 'sms', body: 'See you {{date}}.' });
    const rule = await d.call('POST', `/api/reminder/rule/${d.zaCompany}`, d.za, {
      typeId: type,
      channel: 'sms',
      templateId: id,
      offsetValue: 2,
      offsetUnit: 'days',
    });
    expect(rule.statusCode).toBe(201);
    expect((await d.call('DELETE', `/api/reminder/template/${id}`, d.za)).statusCode).toBe(409);
    const mail = await d.call('PUT', `/api/reminder/template/${id}`, d.za, {
      channel: 'email',
      subject: 'x',
    });
    expect(mail.statusCode).toBe(409);
    const dup = await d.call('POST', base(), d.za, { name: 'used', channel: 'sms', body: 'x' });
    expect(dup.statusCode).toBe(409);
  });

  it('settings: the address and cancel instruction go into the merge fields (administrators change them)', async () => {
    const url = `/api/reminder/settings/${d.zaCompany}`;
    expect((await d.call('GET', url, d.reception)).json()).toEqual({
      address: '',
      cancelInstruction: 'To cancel or move it, please call the practice.',
    });
    expect((await d.call('PUT', url, d.reception, { address: 'x' })).statusCode).toBe(403);
    const saved = await d.call('PUT', url, d.za, {
      address: '12 Long Street, Cape Town',
      cancelInstruction: 'To cancel, call 021 555 0100.',
    });
    expect(saved.json()).toEqual({
      address: '12 Long Street, Cape Town',
      cancelInstruction: 'To cancel, call 021 555 0100.',
    });
    const preview = await d.call('POST', `/api/reminder/template/preview/${d.zaCompany}`, d.za, {
      body: 'At {{address}}. {{cancelInstruction}}',
    });
    expect(preview.json().text).toBe('At 12 Long Street, Cape Town. To cancel, call 021 555 0100.');
    const reset = await d.call('PUT', url, d.za, { cancelInstruction: '' });
    expect(reset.json().cancelInstruction).toBe('To cancel or move it, please call the practice.');
    expect((await auditActions(d, d.zaCompany, 'reminder-settings.%')).length).toBe(2);
  });
});
