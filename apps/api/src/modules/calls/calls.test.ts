import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, clients, tasks } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let reception: Session; // za.reception: ROLE_ISOPRACTICE, Phone Calls is in every menu
let evolve: Session; // za.evolve, the same company
let uk: Session; // uk.admin, the other company
let clientId: number;
let ukClientId: number;
const MOBILE = '+27821087109';

async function firstClient(who: Session): Promise<number> {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${who.user.companyId}/lazy?size=10`,
    headers: who.bearer,
  });
  return res.json().content[0].id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  reception = await login(ctx.app, 'za.reception');
  evolve = await login(ctx.app, 'za.evolve');
  uk = await login(ctx.app, 'uk.admin');
  clientId = await firstClient(reception);
  ukClientId = await firstClient(uk);
  await withSystem(ctx.database.db, (tx) =>
    tx.update(clients).set({ mobile: MOBILE }).where(eq(clients.id, clientId)),
  );
});
afterAll(() => ctx.close());

const post = (body: object, who = reception) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/call/${who.user.companyId}`,
    headers: who.bearer,
    payload: body,
  });
const get = (url: string, who = reception) => ctx.app.inject({ url, headers: who.bearer });
const call = (over: object = {}) => ({
  number: '082 108 7109',
  direction: 'in',
  startedAt: '2026-03-02T09:30:00+02:00',
  durationSeconds: 95,
  outcome: 'answered',
  purpose: 'Booking',
  ...over,
});
const callCount = () => withSystem(ctx.database.db, (tx) => tx.select().from(calls)).then((r) => r.length);
const queue = async (who = reception) =>
  (await get(`/api/call/callbacks/${who.user.companyId}`, who)).json() as {
    id: number;
    waitedSeconds: number;
  }[];

describe('logging a call', () => {
  it('stores the number in E.164 as client mobiles are, with sanitised notes, and closes an answered call', async () => {
    const res = await post(
      call({ clientId, notes: '<p>Asked <b>about</b> fees<script>alert(1)</script></p>' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      number: MOBILE,
      clientId,
      direction: 'in',
      outcome: 'answered',
      durationSeconds: 95,
      status: 'closed',
      handledById: reception.user.id,
      handledBy: 'Lerato Dlamini', // za.reception's display name, as the table shows it
    });
    expect(body.notes).toContain('<b>about</b>');
    expect(body.notes).not.toContain('script');
    expect((await get(`/api/call/specific/${body.id}`)).json().id).toBe(body.id);
  });

  it('looks the caller up by number: the client card with balance and next appointment', async () => {
    const res = await get(
      `/api/call/lookup/${reception.user.companyId}?number=${encodeURIComponent('0821087109')}`,
    );
    expect(res.statusCode).toBe(200);
    const { number, callers } = res.json();
    expect(number).toBe(MOBILE);
    expect(callers.map((c: { clientId: number }) => c.clientId)).toEqual([clientId]);
    expect(callers[0]).toHaveProperty('owedCents');
    expect(callers[0]).toHaveProperty('nextAppointment');
    const unknown = await get(`/api/call/lookup/${reception.user.companyId}?number=0829999999`);
    expect(unknown.json()).toEqual({ number: '+27829999999', callers: [] });
    const notNumber = await get(`/api/call/lookup/${reception.user.companyId}?number=abc`);
    expect(notNumber.json()).toEqual({ number: null, callers: [] });
    // Another company never sees the client behind this number.
    const other = await get(`/api/call/lookup/${uk.user.companyId}?number=%2B27821087109`, uk);
    expect(other.json().callers).toEqual([]);
  });

  it('keeps no answer and left message open with their follow-up date, oldest first in the queue', async () => {
    const missing = await post(call({ outcome: 'no_answer' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.followUpAt']);
    const later = await post(
      call({
        outcome: 'left_message',
        startedAt: '2026-03-03T10:00:00Z',
        followUpAt: '2026-03-04T09:00:00Z',
      }),
    );
    const earlier = await post(
      call({ outcome: 'no_answer', startedAt: '2026-03-01T10:00:00Z', followUpAt: '2026-03-02T09:00:00Z' }),
    );
    expect(later.json().status).toBe('open');
    const ids = (await queue()).map((c) => c.id);
    expect(ids.indexOf(earlier.json().id)).toBeLessThan(ids.indexOf(later.json().id));
    expect((await queue()).find((c) => c.id === earlier.json().id)?.waitedSeconds).toBeGreaterThan(86_400);
  });

  it('a message for a colleague creates a callback task; the return call closes both', async () => {
    const res = await post(
      call({ clientId, takenForId: evolve.user.id, followUpAt: '2026-03-02T12:00:00Z', purpose: 'Claim' }),
    );
    expect(res.statusCode).toBe(201);
    const taken = res.json();
    expect(taken).toMatchObject({ status: 'open', takenForId: evolve.user.id, takenFor: 'Sipho Ndlovu' }); // za.evolve
    const [task] = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(tasks).where(eq(tasks.id, taken.taskId)),
    );
    expect(task).toMatchObject({
      userId: evolve.user.id,
      clientId,
      status: 'I',
      description: 'Call back 082 108 7109: Claim',
    });
    expect((await queue()).map((c) => c.id)).toContain(taken.id);

    const back = await post(call({ clientId, direction: 'out', closesCallId: taken.id }), evolve);
    expect(back.statusCode).toBe(201);
    expect((await queue()).map((c) => c.id)).not.toContain(taken.id);
    const closed = (await get(`/api/call/specific/${taken.id}`)).json();
    expect(closed).toMatchObject({ status: 'closed', closedByCallId: back.json().id });
    const [after] = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(tasks).where(eq(tasks.id, taken.taskId)),
    );
    expect(after?.status).toBe('C');
    // A closed callback cannot be closed twice.
    const again = await post(call({ closesCallId: taken.id }));
    expect(again.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.closesCallId']);
  });
});

describe('closing a callback happens once', () => {
  it('five return calls at once: one closes it, the others are refused and write nothing', async () => {
    const open = await post(
      call({ clientId, outcome: 'no_answer', durationSeconds: 0, followUpAt: '2026-03-03T09:00:00+02:00' }),
    );
    expect(open.statusCode, open.body).toBe(201);
    const before = await callCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(call({ clientId, direction: 'out', closesCallId: open.json().id })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    expect(await callCount()).toBe(before + 1);
    const closed = (await get(`/api/call/specific/${open.json().id}`)).json();
    expect(closed.closedByCallId).toBe(answers.find((a) => a.statusCode === 201)?.json().id);
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  it.each([
    [{ number: '12' }, 'body.number'],
    [{ number: 'not a number' }, 'body.number'],
    [{ durationSeconds: 86_401 }, 'body.durationSeconds'],
    [{ durationSeconds: -1 }, 'body.durationSeconds'],
    [{ durationSeconds: 1.5 }, 'body.durationSeconds'],
    [{ clientId: 0 }, 'body.clientId'],
    [{ startedAt: '2026-02-30T09:00:00Z' }, 'body.startedAt'],
    [{ startedAt: '2026-03-02T25:00:00Z' }, 'body.startedAt'],
    [{ followUpAt: 'tomorrow' }, 'body.followUpAt'],
    [{ purpose: 'a\u0000b' }, 'body.purpose'],
    [{ outcome: 'hung_up' }, 'body.outcome'],
    [{ direction: 'sideways' }, 'body.direction'],
  ])('%j', async (over, path) => {
    const before = await callCount();
    const res = await post(call(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(await callCount()).toBe(before);
  });

  it("refuses another company's client, user, appointment and callback by field", async () => {
    const before = await callCount();
    const ukCall = (await post(call({ number: '07911 123456', outcome: 'busy' }), uk)).json();
    const ukOpen = (
      await post(
        call({ number: '07911 123456', outcome: 'no_answer', followUpAt: '2026-03-05T09:00:00Z' }),
        uk,
      )
    ).json();
    expect(ukCall.number).toBe('+447911123456');
    for (const [over, path] of [
      [{ clientId: ukClientId }, 'body.clientId'],
      [{ takenForId: uk.user.id }, 'body.takenForId'],
      [{ closesCallId: ukOpen.id }, 'body.closesCallId'],
      [{ appointmentId: 999_999 }, 'body.appointmentId'],
    ] as const) {
      const res = await post(call(over));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
    expect(await callCount()).toBe(before + 2);
    expect((await get(`/api/call/specific/${ukCall.id}`)).statusCode).toBe(404);
  });
});

describe('a call about an opportunity (migration 0040)', () => {
  it("links an opportunity of the call's client; another client's or company's, or none named, is 400", async () => {
    const company = uk.user.companyId;
    const [pipeline] = (await get(`/api/pipeline/${company}`, uk)).json();
    const opened = await ctx.app.inject({
      method: 'POST',
      url: `/api/opportunity/${company}`,
      headers: uk.bearer,
      payload: {
        clientId: ukClientId,
        pipelineId: pipeline.id,
        stageId: pipeline.stages[0].id,
        title: 'Call link',
      },
    });
    expect(opened.statusCode).toBe(201);
    const opportunityId = opened.json().id;
    const ukCall = (over: object) => call({ number: '07911 123456', ...over });
    const linked = await post(ukCall({ clientId: ukClientId, opportunityId }), uk);
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ clientId: ukClientId, opportunityId });
    expect((await get(`/api/call/specific/${linked.json().id}`, uk)).json().opportunityId).toBe(
      opportunityId,
    );

    const before = await callCount();
    const otherClient = (await get(`/api/client1/company/${company}/lazy?size=10`, uk))
      .json()
      .content.find((c: { id: number }) => c.id !== ukClientId).id;
    for (const [over, who] of [
      [{ clientId: otherClient, opportunityId }, uk],
      [{ opportunityId }, uk],
      [{ clientId, opportunityId, number: '082 108 7109' }, reception],
    ] as const) {
      const res = await post(ukCall(over), who);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.opportunityId']);
    }
    expect(await callCount()).toBe(before);
  });
});

describe('the call log', () => {
  it('filters by direction, outcome, handler and date range, paged by the server', async () => {
    const company = reception.user.companyId;
    const page = async (q: string) => (await get(`/api/call/lazyloading/${company}?${q}`)).json();
    const all = await page('size=100');
    expect(all.totalRecords).toBeGreaterThanOrEqual(5);
    const outs = await page('direction=out&size=100');
    expect(outs.data.length).toBeGreaterThan(0);
    expect(outs.data.every((c: { direction: string }) => c.direction === 'out')).toBe(true);
    const busy = await page('outcome=left_message');
    expect(busy.data.every((c: { outcome: string }) => c.outcome === 'left_message')).toBe(true);
    const mine = await page(`handledById=${evolve.user.id}&size=100`);
    expect(mine.data.every((c: { handledById: number }) => c.handledById === evolve.user.id)).toBe(true);
    const ranged = await page('start=2026-03-01T00:00:00Z&end=2026-03-01T23:59:59Z');
    expect(ranged.data.map((c: { startedAt: string }) => c.startedAt)).toEqual(['2026-03-01T10:00:00.000Z']);
    const first = await page('size=10&sortField=durationSeconds&sortOrder=asc');
    const durations = first.data.map((c: { durationSeconds: number }) => c.durationSeconds);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    expect((await get(`/api/call/lazyloading/${company}?sortField=notes`)).statusCode).toBe(400);
    expect((await get(`/api/call/lazyloading/${company}?size=7`)).statusCode).toBe(400);
    const other = (await get(`/api/call/lazyloading/${uk.user.companyId}?size=100`, uk)).json();
    expect(other.data.every((c: { companyId: number }) => c.companyId === uk.user.companyId)).toBe(true);
  });
});
