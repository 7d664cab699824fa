import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, tasks } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
type Task = Record<string, unknown> & { id: number; elapsed: number; duration: number; status: string };
let ctx: TestContext;
let staff: Session; // za.evolve
let rise: Session; // za.rise
let practiceAdmin: Session; // za.admin: ROLE_ISOPRACTICE
let reception: Session; // za.reception: ROLE_ISOPRACTICE
let uk: Session; // uk.admin, company type F
let company: number;
let clientId: number;
let secondClientId: number;
let ukClientId: number;
let processId: number;
let ukProcessId: number;

async function clientIds(who: Session): Promise<number[]> {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${who.user.companyId}/lazy?size=20`,
    headers: who.bearer,
  });
  return res.json().content.map((c: { id: number }) => c.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await login(ctx.app, 'za.evolve');
  rise = await login(ctx.app, 'za.rise');
  practiceAdmin = await login(ctx.app, 'za.admin');
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  company = staff.user.companyId;
  [clientId = 0, secondClientId = 0] = await clientIds(staff);
  [ukClientId = 0] = await clientIds(uk);
  const own = await ctx.app.inject({ url: `/api/process/${company}`, headers: staff.bearer });
  processId = own.json().find((p: { name: string }) => p.name === 'Medical aid claim').id;
  const ukOwn = await ctx.app.inject({ url: `/api/process/${uk.user.companyId}`, headers: uk.bearer });
  ukProcessId = ukOwn.json()[0].id;
});
afterAll(() => ctx.close());

const create = (body: object, who = staff) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/task/${who.user.companyId}`,
    headers: who.bearer,
    payload: body,
  });
const update = (id: number, body: object, who = staff) =>
  ctx.app.inject({ method: 'PUT', url: `/api/task/${id}`, headers: who.bearer, payload: body });
const get = (url: string, who = staff) => ctx.app.inject({ url, headers: who.bearer });
const specific = async (id: number, who = staff) =>
  (await get(`/api/task/specific/${id}`, who)).json() as Task;
const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((t) => t.id);
const taskCount = () => withSystem(ctx.database.db, (tx) => tx.select().from(tasks)).then((r) => r.length);
const task = (over: object = {}) => ({ clientId, type: 'B', description: 'Resubmit claim', ...over });

/** Moves a task's clocks back in time, as if it had been created or started that many seconds ago. */
async function backdate(id: number, seconds: { created?: number; workStarted?: number; closed?: number }) {
  const ago = (s: number) => new Date(Date.now() - s * 1000);
  await withSystem(ctx.database.db, (tx) =>
    tx
      .update(tasks)
      .set({
        ...(seconds.created ? { createdAt: ago(seconds.created) } : {}),
        ...(seconds.workStarted ? { workStartedAt: ago(seconds.workStarted) } : {}),
        ...(seconds.closed ? { closedAt: ago(seconds.closed) } : {}),
      })
      .where(eq(tasks.id, id)),
  );
}

describe('who may use tasks', () => {
  it('refuses ROLE_ISOPRACTICE users with 403 on create, every list, read, update and delete', async () => {
    const id = (await create(task())).json().id;
    const before = await taskCount();
    for (const who of [practiceAdmin, reception]) {
      const c = who.user.companyId;
      const attempts = [
        { method: 'POST' as const, url: `/api/task/${c}`, payload: task() },
        { method: 'GET' as const, url: `/api/task/active/${c}` },
        { method: 'GET' as const, url: `/api/task/active/${c}/${staff.user.id}` },
        { method: 'GET' as const, url: `/api/task/complete/${c}` },
        { method: 'GET' as const, url: `/api/task/complete/recent/${c}` },
        { method: 'GET' as const, url: `/api/task/all/${c}/client/${clientId}` },
        { method: 'GET' as const, url: `/api/task/lazyloading/${c}` },
        { method: 'GET' as const, url: `/api/task/specific/${id}` },
        { method: 'PUT' as const, url: `/api/task/${id}`, payload: { status: 'C' } },
        { method: 'DELETE' as const, url: `/api/task/${id}` },
      ];
      for (const attempt of attempts) {
        const res = await ctx.app.inject({ ...attempt, headers: who.bearer });
        expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await taskCount()).toBe(before);
    expect((await specific(id)).status).toBe('I');
  });

  it('other roles may: evolve, rise and user in the practice, any role of the adviser', async () => {
    for (const who of [staff, rise, await login(ctx.app, 'za.user'), uk]) {
      const res = await get(`/api/task/active/${who.user.companyId}`, who);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('create', () => {
  it('creates a task with clientVisible N, status I, the caller as user and the names filled in', async () => {
    const res = await create(
      task({ processId, note: '<p>Call <strong>scheme</strong></p><script>x()</script>' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      companyId: company,
      clientId,
      processId,
      processName: 'Medical aid claim',
      userId: staff.user.id,
      user: 'za.evolve',
      description: 'Resubmit claim',
      note: '<p>Call <strong>scheme</strong></p>',
      type: 'B',
      clientVisible: 'N',
      status: 'I',
      due: null,
      duration: 0,
    });
    expect(res.json().clientName).toEqual(expect.any(String));
    expect(res.json().elapsed).toBeLessThan(5);
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find(
      (a) => a.action === 'task.create' && a.description.includes(String(res.json().id)),
    );
    expect(entry).toMatchObject({ subProcess: 'Client Management', clientId });
  });

  it('assigns another active user of the company, with a due date', async () => {
    const res = await create(
      task({ userId: rise.user.id, due: '2030-01-31T09:00:00+02:00', clientVisible: 'Y' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: rise.user.id,
      user: 'za.rise',
      due: '2030-01-31T07:00:00.000Z',
      clientVisible: 'Y',
    });
  });

  it('refuses an empty or missing description with "Field is required." and writes nothing', async () => {
    const before = await taskCount();
    const empty = await create(task({ description: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ path: 'body.description', message: 'Field is required.' }]);
    const missing = await create({ clientId, type: 'B' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.description']);
    expect(await taskCount()).toBe(before);
  });

  it('offers types D E F G H only to a financial adviser (type F)', async () => {
    const before = await taskCount();
    for (const type of ['D', 'E', 'F', 'G', 'H']) {
      const refused = await create(task({ type }));
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().fields).toEqual([
        { path: 'body.type', message: 'This task type is not available for this company.' },
      ]);
    }
    expect(await taskCount()).toBe(before);
    for (const type of ['D', 'H', 'S']) {
      const accepted = await create({ clientId: ukClientId, type, description: 'Pension transfer pack' }, uk);
      expect(accepted.statusCode, type).toBe(201);
      expect(accepted.json().type).toBe(type);
    }
    expect((await create(task({ type: 'Z' }))).json().fields[0].path).toBe('body.type');
  });

  it('refuses a process or user of another company, an inactive process or user, and writes nothing', async () => {
    const admin = practiceAdmin; // rights A: may change processes and users
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: `/api/process/${company}`,
      headers: admin.bearer,
      payload: { name: 'Retired process', active: 'N' },
    });
    const learn = await login(ctx.app, 'za.learn');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${learn.user.id}/active`,
      headers: admin.bearer,
      payload: { active: false },
    });
    const before = await taskCount();
    for (const [over, path] of [
      [{ processId: ukProcessId }, 'body.processId'],
      [{ processId: inactive.json().id }, 'body.processId'],
      [{ userId: uk.user.id }, 'body.userId'],
      [{ userId: learn.user.id }, 'body.userId'],
      [{ userId: 987654321 }, 'body.userId'],
    ] as const) {
      const res = await create(task(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
    expect(await taskCount()).toBe(before);
  });

  it('answers 404 for a client of another company, and for another company’s id in the path', async () => {
    const before = await taskCount();
    expect((await create(task({ clientId: ukClientId }))).statusCode).toBe(404);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/task/${uk.user.companyId}`,
      headers: staff.bearer,
      payload: task(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await taskCount()).toBe(before);
  });
});

describe('update, status and clocks', () => {
  it('changes only the fields sent', async () => {
    const id = (await create(task({ note: '<p>keep me</p>', clientVisible: 'Y', processId }))).json().id;
    const res = await update(id, { description: 'Resubmit claim with invoice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Resubmit claim with invoice',
      note: '<p>keep me</p>',
      clientVisible: 'Y',
      status: 'I',
      processId,
    });
    const cleared = await update(id, { processId: null, due: '2031-05-01T10:00:00Z' });
    expect(cleared.json()).toMatchObject({
      processId: null,
      processName: null,
      due: '2031-05-01T10:00:00.000Z',
    });
    expect((await update(id, { description: '' })).statusCode).toBe(400);
    expect((await update(id, { type: 'D' })).statusCode).toBe(400);
    expect((await update(id, { clientId: secondClientId })).statusCode).toBe(400);
    expect((await specific(id)).description).toBe('Resubmit claim with invoice');
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.action === 'task.update' && a.description === `Updated task ${id}.`);
    expect(entry?.changes).toMatchObject({
      description: { from: 'Resubmit claim', to: 'Resubmit claim with invoice' },
    });
  });

  it('counts elapsed from creation until closing, and duration as the time spent in W', async () => {
    const id = (await create(task())).json().id;
    await backdate(id, { created: 3600 });
    let t = (await update(id, { status: 'W' })).json() as Task;
    expect(t.status).toBe('W');
    expect(t.elapsed).toBeGreaterThanOrEqual(3600);
    expect(t.duration).toBeLessThan(5);
    await backdate(id, { workStarted: 600 });
    t = await specific(id);
    expect(t.duration).toBeGreaterThanOrEqual(600); // counting while in W
    expect(t.duration).toBeLessThan(610);
    t = (await update(id, { status: 'I' })).json() as Task; // a pause: the stretch is recorded
    expect(t.duration).toBeGreaterThanOrEqual(600);
    expect(t.duration).toBeLessThan(610);
    await update(id, { status: 'W' });
    await backdate(id, { workStarted: 300 });
    t = (await update(id, { status: 'C' })).json() as Task;
    expect(t.status).toBe('C');
    expect(t.duration).toBeGreaterThanOrEqual(900);
    expect(t.duration).toBeLessThan(915);
    expect(t.elapsed).toBeGreaterThanOrEqual(3600);
    expect(t.elapsed).toBeLessThan(3615);
    // Closed: both clocks stop.
    await backdate(id, { created: 7200, closed: 3600 });
    t = await specific(id);
    expect(t.elapsed).toBe(3600);
    expect(t.duration).toBeLessThan(915);
    // Rejected instead keeps the closing time; reopening restarts elapsed.
    t = (await update(id, { status: 'R' })).json() as Task;
    expect(t.elapsed).toBe(3600);
    t = (await update(id, { status: 'I' })).json() as Task;
    expect(t.elapsed).toBeGreaterThanOrEqual(7200);
    expect(t.duration).toBeGreaterThanOrEqual(900);
  });

  it('a task created in W starts its work clock, one created in C is closed', async () => {
    const working = (await create(task({ status: 'W' }))).json().id;
    await backdate(working, { workStarted: 120, created: 120 });
    expect((await specific(working)).duration).toBeGreaterThanOrEqual(120);
    const done = (await create(task({ status: 'C' }))).json().id;
    expect(ids(await get(`/api/task/complete/recent/${company}`))).toContain(done);
  });

  it('deletes a task (204); afterwards it answers 404', async () => {
    const id = (await create(task({ description: 'Delete me' }))).json().id;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/task/${id}`, headers: staff.bearer });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/task/specific/${id}`)).statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/task/${id}`, headers: staff.bearer });
    expect(again.statusCode).toBe(404);
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    expect(audit.some((a) => a.action === 'task.delete' && a.description.includes('Delete me'))).toBe(true);
  });
});

describe('lists', () => {
  it('active, by user, complete, recently complete and per client', async () => {
    const open = (await create(task({ description: 'Open one', userId: rise.user.id }))).json().id;
    const working = (await create(task({ description: 'Working one', status: 'W' }))).json().id;
    const done = (await create(task({ description: 'Done one', clientId: secondClientId }))).json().id;
    await update(done, { status: 'C' });
    const old = (await create(task({ description: 'Old one', clientId: secondClientId }))).json().id;
    await update(old, { status: 'R' });
    await backdate(old, { created: 50 * 86_400, closed: 40 * 86_400 });

    const active = ids(await get(`/api/task/active/${company}`));
    expect(active).toEqual(expect.arrayContaining([open, working]));
    expect(active).not.toContain(done);
    const mine = ids(await get(`/api/task/active/${company}/${rise.user.id}`));
    expect(mine).toContain(open);
    expect(mine).not.toContain(working);
    const complete = ids(await get(`/api/task/complete/${company}`));
    expect(complete).toEqual(expect.arrayContaining([done, old]));
    expect(complete).not.toContain(open);
    const recent = ids(await get(`/api/task/complete/recent/${company}`));
    expect(recent).toContain(done);
    expect(recent).not.toContain(old);
    const ofClient = ids(await get(`/api/task/all/${company}/client/${secondClientId}`));
    expect(ofClient).toEqual(expect.arrayContaining([done, old]));
    expect(ofClient).not.toContain(open);
  });

  it('another company’s ids answer 404 on every task route, and its task stays unchanged', async () => {
    const ukTask = (await create({ clientId: ukClientId, type: 'E', description: 'UK only' }, uk)).json().id;
    const c = uk.user.companyId;
    for (const [method, url] of [
      ['GET', `/api/task/active/${c}`],
      ['GET', `/api/task/active/${c}/${uk.user.id}`],
      ['GET', `/api/task/active/${company}/${uk.user.id}`],
      ['GET', `/api/task/complete/${c}`],
      ['GET', `/api/task/complete/recent/${c}`],
      ['GET', `/api/task/all/${c}/client/${ukClientId}`],
      ['GET', `/api/task/all/${company}/client/${ukClientId}`],
      ['GET', `/api/task/lazyloading/${c}`],
      ['GET', `/api/task/specific/${ukTask}`],
      ['PUT', `/api/task/${ukTask}`],
      ['DELETE', `/api/task/${ukTask}`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: staff.bearer,
        ...(method === 'PUT' ? { payload: { status: 'C' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(ids(await get(`/api/task/active/${company}`))).not.toContain(ukTask);
    expect((await specific(ukTask, uk)).status).toBe('I');
  });
});
