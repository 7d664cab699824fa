import { createHash } from 'node:crypto';
import type { FormDetail, FormRequestCreated } from '@pd/contracts';
import canonicalize from 'canonicalize';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { loggablePath } from '../../lib/log-safety.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { signature, tokenOf } from './form-test-support.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let reception: Session; // za.reception: any signed-in user sends forms
let uk: Session;
let consentFormId: number;
let clientId: number;
let ukClientId: number;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Session, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(who ? who.bearer : {}), ...CSRF, 'user-agent': 'FormTest/1.0' },
    ...(payload ? { payload } : {}),
  });
const request = (body: object, who = reception) =>
  send('POST', `/api/form/request/${who.user.companyId}`, who, body);
const kiosk = async () =>
  (await request({ formId: consentFormId, clientId, channel: 'kiosk' })).json() as FormRequestCreated;

const complete = {
  firstName: [{ valueString: 'Lindiwe' }],
  lastName: [{ valueString: 'Zulu' }],
  needling: [{ valueBoolean: true }],
  consent: [{ valueBoolean: true }],
  signature: [signature],
};

beforeAll(async () => {
  ctx = await createTestContext();
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const forms = (
    await send('GET', `/api/form/all/${reception.user.companyId}`, reception)
  ).json() as FormDetail[];
  consentFormId = forms.find((f) => f.name === 'Physiotherapy consent')?.id ?? 0;
  const first = async (who: Session) =>
    (await send('GET', `/api/client1/company/${who.user.companyId}/lazy?size=10`, who)).json().content[0].id;
  clientId = await first(reception);
  ukClientId = await first(uk);
  await withSystem(ctx.database.db, (tx) =>
    tx.update(clients).set({ firstName: 'Lindiwe', lastName: 'Zulu' }).where(eq(clients.id, clientId)),
  );
});
afterAll(() => ctx.close());

describe('sending a form and filling it in (issue 18, parts 3 to 5)', () => {
  it('a kiosk link opens the published form with the mapped answers prefilled, and records the opening', async () => {
    const created = await kiosk();
    expect(created).toMatchObject({
      formName: 'Physiotherapy consent',
      version: 1,
      channel: 'kiosk',
      status: 'sent',
    });
    expect(tokenOf(created)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await send('GET', `/api/public/form/${tokenOf(created)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.json();
    expect(body.practiceName).toBeTruthy();
    expect(body.definition.title).toBe('Physiotherapy consent');
    expect(body.prefill).toEqual({
      firstName: [{ valueString: 'Lindiwe' }],
      lastName: [{ valueString: 'Zulu' }],
    });
    const listed = (
      await send('GET', `/api/form/requests/${reception.user.companyId}?clientId=${clientId}`, reception)
    ).json();
    expect(listed.find((r: { id: number }) => r.id === created.id)).toMatchObject({ status: 'opened' });
  });

  it('refuses an incomplete or forged submission naming each answer, then stores the sealed response once', async () => {
    const created = await kiosk();
    const url = `/api/public/form/${tokenOf(created)}`;
    const missing = await send('POST', url, undefined, {
      answers: { firstName: [{ valueString: 'Lindiwe' }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.answers.lastName',
      'body.answers.needling',
      'body.answers.consent',
      'body.answers.signature',
    ]);
    const forged = { ...signature.valueAttachment, hash: 'b'.repeat(64) };
    const badFile = await send('POST', url, undefined, {
      answers: { ...complete, signature: [{ valueAttachment: forged }] },
    });
    expect(badFile.statusCode).toBe(400);
    expect(badFile.json().fields).toEqual([
      { path: 'body.answers.signature', message: expect.stringMatching(/checksum/) },
    ]);
    const saved = await send('POST', url, undefined, { answers: complete });
    expect(saved.statusCode).toBe(201);
    const { seal } = saved.json();
    const [row] = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ id: number; response: unknown; seal: string; user_agent: string }>(
        sql`select id::float8 as id, response, seal, user_agent from form_submissions where request_id = ${created.id}`,
      );
      return rows;
    });
    expect(row?.seal).toBe(seal);
    expect(
      createHash('sha256')
        .update(canonicalize(row?.response) ?? '')
        .digest('hex'),
    ).toBe(seal);
    expect(row?.user_agent).toBe('FormTest/1.0');
    expect(row?.response).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: expect.stringMatching(/^Questionnaire\/\d+\|1$/),
    });
    expect((await send('POST', url, undefined, { answers: complete })).statusCode).toBe(410);
    expect((await send('GET', url)).statusCode).toBe(410);
    const listed = (await send('GET', `/api/form/requests/${reception.user.companyId}`, reception)).json();
    const mine = listed.find((r: { id: number }) => r.id === created.id);
    expect(mine).toMatchObject({ status: 'submitted', submissionId: row?.id });
    const submission = await send('GET', `/api/form/submission/${row?.id}`, reception);
    expect(submission.json()).toMatchObject({ seal, clientId });
    expect((await send('GET', `/api/form/submission/${row?.id}`, uk)).statusCode).toBe(404);
  });

  it('two submissions of one link at once store one', async () => {
    const created = await kiosk();
    const url = `/api/public/form/${tokenOf(created)}`;
    const both = await Promise.all([
      send('POST', url, undefined, { answers: complete }),
      send('POST', url, undefined, { answers: complete }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    const count = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from form_submissions where request_id = ${created.id}`,
      );
      return rows[0]?.n;
    });
    expect(count).toBe(1);
  });

  it('an expired or withdrawn link answers 410, an unknown one 404, a malformed one 400', async () => {
    const expired = await kiosk();
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(
        sql`update form_requests set expires_at = now() - interval '1 second' where id = ${expired.id}`,
      ),
    );
    const gone = await send('GET', `/api/public/form/${tokenOf(expired)}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/no longer valid/);
    const withdrawn = await kiosk();
    expect((await send('DELETE', `/api/form/request/${withdrawn.id}`, reception)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/form/request/${withdrawn.id}`, reception)).statusCode).toBe(409);
    expect(
      (await send('POST', `/api/public/form/${tokenOf(withdrawn)}`, undefined, { answers: complete }))
        .statusCode,
    ).toBe(410);
    expect((await send('GET', `/api/public/form/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await send('GET', '/api/public/form/short')).statusCode).toBe(400);
  });

  it('sends the link by SMS through the outbox and the prepaid credit; refuses what is not the company’s', async () => {
    await withSystem(ctx.database.db, (tx) =>
      tx.update(clients).set({ mobile: '+27821112233' }).where(eq(clients.id, clientId)),
    );
    const created = await request({ formId: consentFormId, clientId, channel: 'sms', expiresInDays: 3 });
    expect(created.statusCode).toBe(201);
    const message = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ content: string; cost_cents: number }>(
        sql`select m.content, m.cost_cents from messages m join form_requests r on r.message_id = m.id where r.id = ${created.json().id}`,
      );
      return rows[0];
    });
    expect(message?.content).toContain(tokenOf(created.json()));
    const requestsBefore = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from form_requests`);
      return rows[0]?.n;
    });
    const bad = async (body: object, path: string) => {
      const res = await request({ formId: consentFormId, clientId, channel: 'kiosk', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[0].path).toBe(path);
    };
    await bad({ clientId: ukClientId }, 'body.clientId');
    const ukForms = (await send('GET', `/api/form/all/${uk.user.companyId}`, uk)).json() as FormDetail[];
    await bad({ formId: ukForms[0]?.id }, 'body.formId');
    await bad({ expiresInDays: 31 }, 'body.expiresInDays');
    await bad({ channel: 'fax' }, 'body.channel');
    const otherCompany = await send('POST', `/api/form/request/${reception.user.companyId}`, uk, {
      formId: consentFormId,
      clientId,
      channel: 'kiosk',
    });
    expect(otherCompany.statusCode).toBe(404);
    const count = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from form_requests`);
      return rows[0]?.n;
    });
    expect(count).toBe(requestsBefore);
  });

  it('a submission cannot change, even outside the API (database trigger)', async () => {
    const created = await kiosk();
    await send('POST', `/api/public/form/${tokenOf(created)}`, undefined, { answers: complete });
    const attempt = await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update form_submissions set seal = 'x' where request_id = ${created.id}`),
    ).then(
      () => 'changed',
      (error: Error) => String(error.cause ?? error.message),
    );
    expect(attempt).toMatch(/sealed and cannot change/);
  });

  it('never logs a link’s token, and limits the public routes per address (429 in the error shape)', async () => {
    expect(loggablePath(`/api/public/form/${'A'.repeat(43)}?x=1`)).toBe('/api/public/form/:token');
    expect(loggablePath('/api/client1/123')).toBe('/api/client1/123');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await send('GET', `/api/public/form/${'y'.repeat(43)}`)).statusCode);
    expect(statuses.slice(0, 25).every((s) => s === 404)).toBe(true);
    const limited = await send('GET', `/api/public/form/${'y'.repeat(43)}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
