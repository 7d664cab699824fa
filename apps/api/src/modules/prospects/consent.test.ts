import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { setCredit } from '../messaging/test-support/fixture.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let uk: Session; // uk.admin: business menu, the UK company (no quiet hours for e-mail)
let practice: Session; // uk.practice: no Prospects in its menu
let za: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  uk = await login(ctx.app, 'uk.admin');
  practice = await login(ctx.app, 'uk.practice');
  za = await login(ctx.app, 'za.evolve');
  await setCredit(ctx.app, ctx.database.db, uk, { balanceCents: 100_000 });
});
afterAll(() => ctx.close());

let seq = 0;
async function person(lifecycle: 'prospect' | 'client') {
  seq += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${uk.user.companyId}`,
    headers: uk.bearer,
    payload: {
      type: 'N',
      firstName: 'Consent',
      lastName: `Case${seq}`,
      preferredName: 'Consent',
      email: `consent${seq}@example.com`,
      mobile: `07911 2${String(seq).padStart(5, '0')}`,
      addressCountry: 'UK',
      address1: '1 High Street',
      addressRegion: 'Reading',
      addressState: 'Berkshire',
      addressPostalCode: 'RG1 1AA',
      lifecycle,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const sender = () => ({ companyId: uk.user.companyId, userId: uk.user.id });
const email = (id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${id}/email`,
    headers: { ...uk.bearer, ...CSRF },
    payload: { ...sender(), emailSubject: 'May we keep in touch?', emailMessage: '<p>Hello</p>' },
  });
const sms = (id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${id}/sms`,
    headers: { ...uk.bearer, ...CSRF },
    payload: { ...sender(), smsMessage: 'Hello again' },
  });
const consent = (id: number, body: object, who = uk) =>
  ctx.app.inject({ method: 'PUT', url: `/api/prospect/consent/${id}`, headers: who.bearer, payload: body });
const record = async (id: number) =>
  (await ctx.app.inject({ url: `/api/client1/${id}`, headers: uk.bearer })).json();
const messageCount = (clientId: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.clientId, clientId)));
    return row?.n ?? 0;
  });

describe('POPIA section 69: one electronic approach to a prospect, to ask for consent', () => {
  it('sends the first e-mail (recorded as the request), refuses the next e-mail and SMS with 409', async () => {
    const id = await person('prospect');
    expect((await record(id)).consentState).toBe('unknown');
    expect((await email(id)).statusCode).toBe(202);
    expect(await record(id)).toMatchObject({ consentState: 'requested', consentChannel: 'email' });
    const again = await email(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NO_CONSENT' });
    expect(again.json().message).toContain('POPIA section 69');
    const text = await sms(id);
    expect(text.statusCode).toBe(409);
    expect(await messageCount(id)).toBe(1);
  });

  it('sends again once consent is recorded; a refusal stops everything', async () => {
    const id = await person('prospect');
    await email(id);
    const given = await consent(id, { state: 'given', channel: 'phone', at: '2026-03-02T10:00:00+00:00' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      consentState: 'given',
      consentChannel: 'phone',
      consentAt: '2026-03-02T10:00:00Z',
    });
    expect((await email(id)).statusCode).toBe(202);
    expect((await sms(id)).statusCode).toBe(202);
    await consent(id, { state: 'refused', channel: 'email' });
    const refused = await email(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('refused');
  });

  it('does not limit clients', async () => {
    const id = await person('client');
    expect((await email(id)).statusCode).toBe(202);
    expect((await email(id)).statusCode).toBe(202);
  });

  it('five e-mails at once to a prospect never approached: one is sent, four are refused', async () => {
    const id = await person('prospect');
    const answers = await Promise.all(Array.from({ length: 5 }, () => email(id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(await messageCount(id)).toBe(1);
  });

  it('refuses bad consent input (400 naming the field), other companies (404) and the practice menu (403)', async () => {
    const id = await person('prospect');
    const bad = await consent(id, { state: 'maybe', channel: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.channel', 'body.state']);
    expect(
      (await consent(id, { state: 'given', channel: 'email', at: '2026-02-30T10:00:00Z' })).statusCode,
    ).toBe(400);
    expect((await consent(id, { state: 'given', channel: 'email' }, za)).statusCode).toBe(404);
    expect((await consent(id, { state: 'given', channel: 'email' }, practice)).statusCode).toBe(403);
    expect((await record(id)).consentState).toBe('unknown');
  });
});
