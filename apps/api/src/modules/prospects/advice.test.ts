import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityStageHistory } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
type Pipeline = { id: number; stages: { id: number; kind: string }[] };
let ctx: TestContext;
let admin: Session; // uk.admin: a type F company
let adviser: Session;
let za: Session; // za.admin: type H, where the rule never applies
let zaEvolve: Session;
let templateId: number;

const req = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const settings = (who: Session, body: object) =>
  req(who, 'PUT', `/api/prospect/settings/${who.user.companyId}`, body);

let seq = 0;
async function opportunityFor(who: Session, country: 'UK' | 'ZA') {
  seq += 1;
  const client = await req(who, 'POST', `/api/client1/${who.user.companyId}`, {
    type: 'N',
    firstName: 'Advice',
    lastName: `Case${seq}`,
    preferredName: 'Advice',
    email: `advice${seq}@example.com`,
    mobile: country === 'UK' ? `07911 2${String(seq + 500).padStart(5, '0')}` : '+27821234567',
    addressCountry: country,
    address1: '1 High Street',
    addressRegion: 'Reading',
    addressState: country === 'UK' ? 'Berkshire' : 'Gauteng',
    addressPostalCode: '2196',
    lifecycle: 'prospect',
  });
  expect(client.statusCode, client.body).toBe(201);
  const [pipeline] = (await req(who, 'GET', `/api/pipeline/${who.user.companyId}`)).json() as Pipeline[];
  const open = pipeline?.stages.find((s) => s.kind === 'open');
  const won = pipeline?.stages.find((s) => s.kind === 'won');
  const created = await req(who, 'POST', `/api/opportunity/${who.user.companyId}`, {
    clientId: client.json().id,
    pipelineId: pipeline?.id,
    stageId: open?.id,
    title: 'Retirement plan',
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, clientId: client.json().id as number, wonId: won?.id as number };
}
const note = async (who: Session, clientId: number, subject: string) =>
  (await req(who, 'POST', `/api/note1/client/${clientId}`, { subject })).json().id as number;
const historyOf = (id: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(opportunityStageHistory)
      .where(eq(opportunityStageHistory.opportunityId, id));
    return row?.n ?? 0;
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'uk.admin');
  adviser = await login(ctx.app, 'uk.adviser');
  za = await login(ctx.app, 'za.admin');
  zaEvolve = await login(ctx.app, 'za.evolve');
  const template = await req(admin, 'POST', `/api/notetemplate/${admin.user.companyId}`, {
    subject: 'Record of advice',
  });
  expect(template.statusCode, template.body).toBe(201);
  templateId = template.json().id;
});
afterAll(() => ctx.close());

describe('Won needs the record of advice (type F, a company setting)', () => {
  it('is off by default; administrators switch it on with a template of the company', async () => {
    const before = (await req(adviser, 'GET', `/api/prospect/settings/${adviser.user.companyId}`)).json();
    expect(before).toMatchObject({ wonNeedsAdvice: false, applies: false });
    expect((await settings(adviser, { wonNeedsAdvice: true, adviceTemplateId: templateId })).statusCode).toBe(
      403,
    );
    const foreign = await settings(admin, { wonNeedsAdvice: true, adviceTemplateId: 999_999_999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.adviceTemplateId']);
    const on = await settings(admin, { wonNeedsAdvice: true, adviceTemplateId: templateId });
    expect(on.json()).toMatchObject({
      wonNeedsAdvice: true,
      applies: true,
      adviceTemplateSubject: 'Record of advice',
    });
  });

  it('refuses Won without it (409, nothing written), takes only a note of the template, then wins', async () => {
    await settings(admin, { wonNeedsAdvice: true, adviceTemplateId: templateId });
    const o = await opportunityFor(adviser, 'UK');
    const refused = await req(adviser, 'POST', `/api/opportunity/move/${o.id}`, { stageId: o.wonId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Record of advice');
    expect(await historyOf(o.id)).toBe(1);
    const record = (await req(adviser, 'GET', `/api/client1/${o.clientId}`)).json();
    expect(record.lifecycle).toBe('prospect');

    const other = await note(adviser, o.clientId, 'Coffee chat');
    const wrong = await req(adviser, 'PATCH', `/api/opportunity/specific/${o.id}`, { adviceNoteId: other });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.adviceNoteId']);
    const elsewhere = await opportunityFor(adviser, 'UK');
    const theirs = await note(adviser, elsewhere.clientId, 'Record of advice');
    expect(
      (await req(adviser, 'PATCH', `/api/opportunity/specific/${o.id}`, { adviceNoteId: theirs })).statusCode,
    ).toBe(400);

    const advice = await note(adviser, o.clientId, 'Record of advice');
    const attached = await req(adviser, 'PATCH', `/api/opportunity/specific/${o.id}`, {
      adviceNoteId: advice,
    });
    expect(attached.json().adviceNoteId).toBe(advice);
    const won = await req(adviser, 'POST', `/api/opportunity/move/${o.id}`, { stageId: o.wonId });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ stageKind: 'won', lifecycle: 'client' });
  });

  it('never applies to a type H company', async () => {
    const on = await settings(za, { wonNeedsAdvice: true, adviceTemplateId: null });
    expect(on.json()).toMatchObject({ wonNeedsAdvice: true, applies: false });
    const o = await opportunityFor(zaEvolve, 'ZA');
    const won = await req(zaEvolve, 'POST', `/api/opportunity/move/${o.id}`, { stageId: o.wonId });
    expect(won.statusCode, won.body).toBe(200);
  });
});
