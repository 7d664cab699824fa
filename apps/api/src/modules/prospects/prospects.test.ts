import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, opportunities, opportunityStageHistory, pipelineStages } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
type Stage = { id: number; name: string; kind: string; probability: number };
type Pipeline = { id: number; name: string; stages: Stage[] };
let ctx: TestContext;
let admin: Session; // uk.admin: ROLE_ISORISE (business menu), administrator
let adviser: Session; // uk.adviser: not an administrator
let practice: Session; // uk.practice: the practice menu has no Prospects
let za: Session; // za.evolve, the other company
let pipeline: Pipeline;
let other: Pipeline;

const req = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const cid = (who: Session) => who.user.companyId;
const stage = (p: Pipeline, name: string) => p.stages.find((s) => s.name === name) as Stage;
const tableCount = (table: typeof opportunities | typeof opportunityStageHistory | typeof clients) =>
  withSystem(ctx.database.db, async (tx) => (await tx.select({ n: count() }).from(table))[0]?.n ?? 0);

let seq = 0;
const personBody = (over: object = {}) => {
  seq += 1;
  return {
    type: 'N',
    firstName: 'Prospective',
    lastName: `Person${seq}`,
    preferredName: 'Pros',
    email: `prospect${seq}@example.com`,
    mobile: `07911 2${String(seq).padStart(5, '0')}`,
    addressCountry: 'UK',
    address1: '1 High Street',
    addressRegion: 'London',
    addressState: 'Greater London',
    addressPostalCode: 'SW1A 1AA',
    gender: 'F',
    lifecycle: 'prospect',
    ...over,
  };
};
async function newProspect(over: object = {}, who = adviser) {
  const res = await req(who, 'POST', `/api/client1/${cid(who)}`, personBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; lifecycle: string };
}
const listIds = async (query: string, who = adviser) =>
  (await req(who, 'GET', `/api/client1/company/${cid(who)}/lazy?size=100${query}`))
    .json()
    .content.map((c: { id: number }) => c.id) as number[];
const opportunity = (over: object = {}) => ({
  pipelineId: pipeline.id,
  stageId: stage(pipeline, 'New').id,
  title: 'Pension review',
  valueCents: 1_000_000,
  commissionCents: 30_000,
  expectedCloseDate: '2026-12-15',
  source: 'Referral',
  ...over,
});
const createOpportunity = (body: object, who = adviser) =>
  req(who, 'POST', `/api/opportunity/${cid(who)}`, body);
const move = (id: number, body: object, who = adviser) =>
  req(who, 'POST', `/api/opportunity/move/${id}`, body);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'uk.admin');
  adviser = await login(ctx.app, 'uk.adviser');
  practice = await login(ctx.app, 'uk.practice');
  za = await login(ctx.app, 'za.evolve');
  const pipelines = (await req(adviser, 'GET', `/api/pipeline/${cid(adviser)}`)).json() as Pipeline[];
  pipeline = pipelines.find((p) => p.name === 'New business') as Pipeline;
  other = pipelines.find((p) => p.name === 'Existing clients') as Pipeline;
});
afterAll(() => ctx.close());

describe('a prospect is a client record with lifecycle prospect', () => {
  it('stays off the client list, its export and bulk SMS unless a filter asks for it', async () => {
    const smsBefore = (
      await req(adviser, 'GET', `/api/client1/company/${cid(adviser)}/bulksms/preview`)
    ).json();
    const prospect = await newProspect({ commStatus: 'Y' });
    expect(prospect.lifecycle).toBe('prospect');
    expect(await listIds('')).not.toContain(prospect.id);
    expect(await listIds('&lifecycle=prospect')).toContain(prospect.id);
    expect(await listIds('&lifecycle=all')).toContain(prospect.id);
    expect(await listIds('&lifecycle=prospect&search=prospect')).toContain(prospect.id);
    const csv = (await req(admin, 'GET', `/api/client1/company/${cid(admin)}/export`)).body;
    expect(csv).not.toContain(prospect.name);
    const prospectsCsv = (
      await req(admin, 'GET', `/api/client1/company/${cid(admin)}/export?lifecycle=prospect`)
    ).body;
    expect(prospectsCsv).toContain(prospect.name);
    const smsAfter = (
      await req(adviser, 'GET', `/api/client1/company/${cid(adviser)}/bulksms/preview`)
    ).json();
    expect(smsAfter.recipients).toBe(smsBefore.recipients);
  });

  it('is de-duplicated with clients on e-mail, found by the pickers and takes notes', async () => {
    const prospect = await newProspect();
    const email = `prospect${seq}@example.com`;
    const dup = await req(
      adviser,
      'POST',
      `/api/client1/${cid(adviser)}`,
      personBody({ email, lifecycle: 'client', firstName: 'Same' }),
    );
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().existingId).toBe(prospect.id);
    const picks = await req(adviser, 'GET', `/api/client1/company/${cid(adviser)}/search/${email}`);
    expect(picks.json().map((p: { id: number }) => p.id)).toContain(prospect.id);
    const note = await req(adviser, 'POST', `/api/note1/client/${prospect.id}`, { subject: 'First meeting' });
    expect(note.statusCode, note.body).toBe(201);
  });

  it('refuses a lifecycle that is not client or prospect', async () => {
    const res = await req(adviser, 'POST', `/api/client1/${cid(adviser)}`, { lifecycle: 'lead' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain('body.lifecycle');
  });
});

describe('pipelines and stages (Settings)', () => {
  it('everyone with Prospects reads them; the practice menu has no Prospects, so the API refuses it', async () => {
    expect(pipeline.stages.map((s) => s.kind)).toEqual(['open', 'open', 'open', 'open', 'won', 'lost']);
    expect(other.stages.length).toBe(4);
    expect((await req(practice, 'GET', `/api/pipeline/${cid(practice)}`)).statusCode).toBe(403);
    expect(
      (await req(practice, 'GET', `/api/opportunity/board/${cid(practice)}?pipelineId=${pipeline.id}`))
        .statusCode,
    ).toBe(403);
  });

  it('administrators add and change pipelines; others may not', async () => {
    const body = {
      name: 'Referrals',
      stages: [
        // Settings sends a new stage's id as null.
        { id: null, name: 'Introduced', kind: 'open', probability: 15 },
        { name: 'Signed', kind: 'won', probability: 100 },
      ],
    };
    expect((await req(adviser, 'POST', `/api/pipeline/${cid(adviser)}`, body)).statusCode).toBe(403);
    const created = await req(admin, 'POST', `/api/pipeline/${cid(admin)}`, body);
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json() as Pipeline;
    expect(p.stages.map((s) => [s.name, s.kind, s.probability])).toEqual([
      ['Introduced', 'open', 15],
      ['Signed', 'won', 100],
    ]);
    const changed = await req(admin, 'PUT', `/api/pipeline/specific/${p.id}`, {
      name: 'Referrals 2',
      stages: [
        { id: p.stages[1]?.id, name: 'Signed', kind: 'won', probability: 100 },
        { id: p.stages[0]?.id, name: 'Introduced', kind: 'open', probability: 25 },
        { name: 'Gone', kind: 'lost', probability: 0 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().stages.map((s: Stage) => `${s.name}:${s.probability}`)).toEqual([
      'Signed:100',
      'Introduced:25',
      'Gone:0',
    ]);
  });

  it('refuses a stage of another pipeline, a probability outside 0–100 and removing a used stage', async () => {
    const foreignStage = await req(admin, 'PUT', `/api/pipeline/specific/${pipeline.id}`, {
      name: 'New business',
      stages: [{ id: other.stages[0]?.id, name: 'X', kind: 'open', probability: 10 }],
    });
    expect(foreignStage.statusCode).toBe(400);
    expect(foreignStage.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.stages.0.id']);
    const badProbability = await req(admin, 'POST', `/api/pipeline/${cid(admin)}`, {
      name: 'Bad',
      stages: [{ name: 'New', kind: 'open', probability: 101 }],
    });
    expect(badProbability.statusCode).toBe(400);
    expect(badProbability.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.stages.0.probability',
    ]);
    // The demo's opportunities are in New business's open stages: they cannot be removed.
    const used = await req(admin, 'PUT', `/api/pipeline/specific/${pipeline.id}`, {
      name: 'New business',
      stages: [{ id: stage(pipeline, 'Won').id, name: 'Won', kind: 'won', probability: 100 }],
    });
    expect(used.statusCode).toBe(409);
    const after = (await req(adviser, 'GET', `/api/pipeline/${cid(adviser)}`)).json() as Pipeline[];
    expect(after.find((p) => p.id === pipeline.id)?.stages.length).toBe(6);
  });
});

describe('opportunities', () => {
  it('takes the stage default probability, or the one given, and records the first stage', async () => {
    const prospect = await newProspect();
    const plain = await createOpportunity(opportunity({ clientId: prospect.id }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({
      clientId: prospect.id,
      lifecycle: 'prospect',
      stageName: 'New',
      probability: stage(pipeline, 'New').probability,
      ownerId: adviser.user.id,
    });
    const given = await createOpportunity(opportunity({ clientId: prospect.id, probability: 0 }));
    expect(given.json().probability).toBe(0);
    const detail = (await req(adviser, 'GET', `/api/opportunity/specific/${plain.json().id}`)).json();
    expect(detail.history).toMatchObject([
      { fromStageId: null, toStage: 'New', changedBy: 'Oliver Bennett' },
    ]);
  });

  it.each([
    [{ stageId: 'other-pipeline' }, 'body.stageId'],
    [{ stageId: 'won' }, 'body.stageId'],
    [{ pipelineId: 999_999_999 }, 'body.pipelineId'],
    [{ valueCents: -1 }, 'body.valueCents'],
    [{ commissionCents: -5 }, 'body.commissionCents'],
    [{ probability: 101 }, 'body.probability'],
    [{ probability: -1 }, 'body.probability'],
    [{ probability: 50.5 }, 'body.probability'],
    [{ expectedCloseDate: '2026-02-30' }, 'body.expectedCloseDate'],
    [{ title: 'a\u0000b' }, 'body.title'],
    [{ valueCents: 1e15 }, 'body.valueCents'],
    [{ clientId: 'za' }, 'body.clientId'],
    [{ ownerId: 'za' }, 'body.ownerId'],
  ])('%o → 400 naming %s, nothing written', async (over, field) => {
    const prospect = await newProspect();
    const zaClient = (await req(za, 'GET', `/api/client1/company/${cid(za)}/lazy?size=10`)).json().content[0]
      .id;
    const resolved: Record<string, unknown> = { ...over };
    if (resolved.stageId === 'other-pipeline') resolved.stageId = other.stages[0]?.id;
    if (resolved.stageId === 'won') resolved.stageId = stage(pipeline, 'Won').id;
    if (resolved.clientId === 'za') resolved.clientId = zaClient;
    if (resolved.ownerId === 'za') resolved.ownerId = za.user.id;
    const before = await tableCount(opportunities);
    const res = await createOpportunity(opportunity({ clientId: prospect.id, ...resolved }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await tableCount(opportunities)).toBe(before);
  });

  it('moves through stages with history (who, when); Lost asks for the reason', async () => {
    const prospect = await newProspect();
    const id = (await createOpportunity(opportunity({ clientId: prospect.id }))).json().id;
    const contacted = await move(id, { stageId: stage(pipeline, 'Contacted').id });
    expect(contacted.json()).toMatchObject({ stageName: 'Contacted', probability: 20 });
    const overridden = await move(id, { stageId: stage(pipeline, 'Proposal').id, probability: 55 });
    expect(overridden.json().probability).toBe(55);
    const historyBefore = await tableCount(opportunityStageHistory);
    const noReason = await move(id, { stageId: stage(pipeline, 'Lost').id, lostReason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.lostReason']);
    const otherPipeline = await move(id, { stageId: other.stages[0]?.id });
    expect(otherPipeline.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.stageId']);
    const zaStage = await withSystem(
      ctx.database.db,
      async (tx) =>
        (
          await tx
            .select({ id: pipelineStages.id })
            .from(pipelineStages)
            .where(eq(pipelineStages.companyId, cid(za)))
        )[0]?.id,
    );
    expect((await move(id, { stageId: zaStage })).statusCode).toBe(400);
    expect(await tableCount(opportunityStageHistory)).toBe(historyBefore);
    const lost = await move(id, { stageId: stage(pipeline, 'Lost').id, lostReason: 'Chose another adviser' });
    expect(lost.json()).toMatchObject({
      stageKind: 'lost',
      lostReason: 'Chose another adviser',
      probability: 0,
    });
    expect(lost.json().closedAt).not.toBeNull();
    const detail = (await req(adviser, 'GET', `/api/opportunity/specific/${id}`)).json();
    expect(detail.history.map((h: { toStage: string }) => h.toStage)).toEqual([
      'New',
      'Contacted',
      'Proposal',
      'Lost',
    ]);
    expect(detail.history[3]).toMatchObject({ fromStage: 'Proposal', changedBy: 'Oliver Bennett' });
  });

  it('another company cannot read, change or move it (404)', async () => {
    const prospect = await newProspect();
    const id = (await createOpportunity(opportunity({ clientId: prospect.id }))).json().id;
    expect((await req(za, 'GET', `/api/opportunity/specific/${id}`)).statusCode).toBe(404);
    expect((await req(za, 'PATCH', `/api/opportunity/specific/${id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await move(id, { stageId: stage(pipeline, 'Contacted').id }, za)).statusCode).toBe(404);
    expect(
      (await req(za, 'GET', `/api/opportunity/board/${cid(za)}?pipelineId=${pipeline.id}`)).statusCode,
    ).toBe(400);
  });

  it('changes fields, refusing a probability outside 0–100 and a negative value', async () => {
    const prospect = await newProspect();
    const id = (await createOpportunity(opportunity({ clientId: prospect.id }))).json().id;
    const ok = await req(adviser, 'PATCH', `/api/opportunity/specific/${id}`, {
      valueCents: 5,
      probability: 90,
    });
    expect(ok.json()).toMatchObject({ valueCents: 5, probability: 90 });
    const bad = await req(adviser, 'PATCH', `/api/opportunity/specific/${id}`, {
      valueCents: -5,
      probability: 900,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.probability', 'body.valueCents']);
    expect((await req(adviser, 'GET', `/api/opportunity/specific/${id}`)).json().valueCents).toBe(5);
  });
});

describe('the board', () => {
  it('has a column per stage with count, value and weighted value computed by the server', async () => {
    const res = await req(adviser, 'GET', `/api/opportunity/board/${cid(adviser)}?pipelineId=${pipeline.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.columns.map((c: { stage: Stage }) => c.stage.name)).toEqual(
      pipeline.stages.map((s) => s.name),
    );
    const rows = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(opportunities).where(eq(opportunities.pipelineId, pipeline.id)),
    );
    for (const column of board.columns) {
      const mine = rows.filter((r) => r.stageId === column.stage.id);
      expect(column.count).toBe(mine.length);
      expect(column.valueCents).toBe(mine.reduce((s, r) => s + r.valueCents, 0));
      expect(column.weightedCents).toBe(
        Math.round(mine.reduce((s, r) => s + r.valueCents * r.probability, 0) / 100),
      );
      expect(column.cards.length).toBe(Math.min(50, mine.length));
    }
    expect(board.columns[0].count).toBeGreaterThan(0);
  });

  it('filters by owner and close month, and refuses a month that is not one', async () => {
    const base = `/api/opportunity/board/${cid(adviser)}?pipelineId=${pipeline.id}`;
    const mine = (await req(adviser, 'GET', `${base}&ownerId=${admin.user.id}`)).json();
    for (const c of mine.columns) for (const card of c.cards) expect(card.ownerId).toBe(admin.user.id);
    const december = (await req(adviser, 'GET', `${base}&closeMonth=2026-12`)).json();
    for (const c of december.columns)
      for (const card of c.cards) expect(card.expectedCloseDate).toMatch(/^2026-12/);
    const bad = await req(adviser, 'GET', `${base}&closeMonth=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { path: string }) => f.path)).toEqual(['querystring.closeMonth']);
  });

  it("shows each column's first cards soonest close first, undated last, then oldest", async () => {
    const res = await req(adviser, 'GET', `/api/opportunity/board/${cid(adviser)}?pipelineId=${pipeline.id}`);
    const rows = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(opportunities).where(eq(opportunities.pipelineId, pipeline.id)),
    );
    const soonest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      (a.expectedCloseDate ?? '9999').localeCompare(b.expectedCloseDate ?? '9999') || a.id - b.id;
    for (const column of res.json().columns) {
      const expected = rows
        .filter((r) => r.stageId === column.stage.id)
        .sort(soonest)
        .slice(0, 50)
        .map((r) => r.id);
      expect(column.cards.map((c: { id: number }) => c.id)).toEqual(expected);
    }
  });

  it('pages every sort field in both directions as one ordered query over all the rows would', async () => {
    for (let i = 0; i < 12; i++)
      await createOpportunity(
        opportunity({
          clientId: (await newProspect()).id,
          title: `Sorted ${i % 3}`,
          valueCents: (i % 4) * 100,
        }),
      );
    const orders: Record<string, string> = {
      title: 'lower(o.title)',
      clientName: 'lower(c.name)',
      stageName: 'lower(s.name)',
      valueCents: 'o.value_cents',
      probability: 'o.probability',
      expectedCloseDate: 'o.expected_close_date',
      owner: 'lower(u.display_name)',
    };
    for (const [field, expression] of Object.entries(orders))
      for (const direction of ['asc', 'desc']) {
        const api = await req(
          adviser,
          'GET',
          `/api/opportunity/lazyloading/${cid(adviser)}?pipelineId=${pipeline.id}&sortField=${field}&sortOrder=${direction}&page=2&size=10`,
        );
        expect(api.statusCode, api.body).toBe(200);
        const expected = await withSystem(ctx.database.db, (tx) =>
          tx.execute<{ id: number }>(
            sql.raw(`select o.id from opportunities o
              join clients c on c.company_id = o.company_id and c.id = o.client_id
              join pipeline_stages s on s.company_id = o.company_id and s.id = o.stage_id
              join users u on u.company_id = o.company_id and u.id = o.owner_id
              where o.company_id = ${cid(adviser)} and o.pipeline_id = ${pipeline.id}
              order by ${expression} ${direction} nulls last, o.id ${direction} limit 10 offset 10`),
          ),
        );
        expect(
          api.json().data.map((o: { id: number }) => o.id),
          `${field} ${direction}`,
        ).toEqual(expected.rows.map((r) => Number(r.id)));
      }
  });

  it('lists opportunities a page at a time, sorted by an allow-listed column', async () => {
    const page = await req(
      adviser,
      'GET',
      `/api/opportunity/lazyloading/${cid(adviser)}?sortField=valueCents&sortOrder=asc&size=10`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const values = page.json().data.map((o: { valueCents: number }) => o.valueCents);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(
      (await req(adviser, 'GET', `/api/opportunity/lazyloading/${cid(adviser)}?sortField=password`))
        .statusCode,
    ).toBe(400);
  });
});

describe('Won converts the prospect in place', () => {
  it('turns the same record into a client, keeping its notes', async () => {
    const prospect = await newProspect();
    await req(adviser, 'POST', `/api/note1/client/${prospect.id}`, { subject: 'Fact find' });
    const id = (await createOpportunity(opportunity({ clientId: prospect.id }))).json().id;
    const clientsBefore = await tableCount(clients);
    const won = await move(id, { stageId: stage(pipeline, 'Won').id });
    expect(won.json()).toMatchObject({ stageKind: 'won', lifecycle: 'client', clientId: prospect.id });
    expect(await tableCount(clients)).toBe(clientsBefore);
    expect(await listIds('')).toContain(prospect.id);
    expect(await listIds('&lifecycle=prospect')).not.toContain(prospect.id);
    const notes = await req(adviser, 'GET', `/api/note1/client/${prospect.id}`);
    expect(JSON.stringify(notes.json())).toContain('Fact find');
    const record = (await req(adviser, 'GET', `/api/client1/${prospect.id}`)).json();
    expect(record.lifecycle).toBe('client');
  });
});

describe('a stage move happens once', () => {
  it('five moves to the same stage at once: one history entry', async () => {
    const prospect = await newProspect();
    const id = (await createOpportunity(opportunity({ clientId: prospect.id }))).json().id;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => move(id, { stageId: stage(pipeline, 'Needs analysis').id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const history = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(opportunityStageHistory).where(eq(opportunityStageHistory.opportunityId, id)),
    );
    expect(history.length).toBe(2);
  });
});
