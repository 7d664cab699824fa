import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, processes } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let admin: Session; // za.admin: rights A
let staff: Session; // za.evolve: no rights, may use tasks
let reception: Session; // za.reception: ROLE_ISOPRACTICE, no rights
let uk: Session;
let company: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.evolve');
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  company = admin.user.companyId;
});
afterAll(() => ctx.close());

const get = (url: string, who = staff) => ctx.app.inject({ url, headers: who.bearer });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((p) => p.name);
const processCount = () =>
  withSystem(ctx.database.db, (tx) => tx.select().from(processes)).then((r) => r.length);

describe('reading processes', () => {
  it('every member of staff reads the company’s processes by name; each company has its own', async () => {
    for (const who of [staff, reception, admin]) {
      const res = await get(`/api/process/${company}`, who);
      expect(res.statusCode).toBe(200);
      expect(names(res)).toContain('Medical aid claim');
      expect(names(res)).not.toContain('Pension transfer');
      expect([...names(res)].sort((a, b) => a.localeCompare(b))).toEqual(names(res));
    }
    expect(names(await get(`/api/process/${uk.user.companyId}`, uk))).toContain('Pension transfer');
    expect((await get(`/api/process/${uk.user.companyId}`)).statusCode).toBe(404);
  });

  it('searches names by "contains", case-insensitively, with wildcards as text', async () => {
    expect(names(await get(`/api/process/${company}/CLAIM`))).toEqual(['Medical aid claim']);
    expect(names(await get(`/api/process/${company}/auth`))).toEqual(['Pre-authorisation']);
    expect(names(await get(`/api/process/${company}/%25`))).toEqual([]);
    expect(names(await get(`/api/process/${company}/pension`))).toEqual([]);
    expect((await get(`/api/process/${uk.user.companyId}/pension`)).statusCode).toBe(404);
  });

  it('reads one process; another company’s answers 404', async () => {
    const ukId = (await get(`/api/process/${uk.user.companyId}`, uk)).json()[0].id;
    const ownId = (await get(`/api/process/${company}`)).json()[0].id;
    const own = await get(`/api/process/specific/${ownId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: ownId, companyId: company, active: 'Y' });
    expect((await get(`/api/process/specific/${ukId}`)).statusCode).toBe(404);
  });
});

describe('changing processes', () => {
  it('needs rights A to create, change or delete (403 otherwise, nothing written)', async () => {
    const before = await processCount();
    const ownId = (await get(`/api/process/${company}`)).json()[0].id;
    for (const who of [staff, reception]) {
      expect((await write('POST', `/api/process/${company}`, who, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await write('PUT', `/api/process/${ownId}`, who, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await write('DELETE', `/api/process/${ownId}`, who)).statusCode).toBe(403);
    }
    expect(await processCount()).toBe(before);
  });

  it('creates, changes (absent fields kept) and deletes a process, each audited', async () => {
    const created = await write('POST', `/api/process/${company}`, admin, {
      name: '  Sports injury clinic ',
      description: 'Saturday clinic for club players.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Sports injury clinic', active: 'Y', companyId: company });
    const id = created.json().id;
    const changed = await write('PUT', `/api/process/${id}`, admin, {
      name: 'Sports injury clinic',
      active: 'N',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ active: 'N', description: 'Saturday clinic for club players.' });
    const blank = await write('PUT', `/api/process/${id}`, admin, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ path: 'body.name', message: 'Field is required.' }]);
    expect((await write('DELETE', `/api/process/${id}`, admin)).statusCode).toBe(204);
    expect((await get(`/api/process/specific/${id}`)).statusCode).toBe(404);
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const actions = audit.filter((a) => a.description.includes('Sports injury clinic')).map((a) => a.action);
    expect(actions).toEqual(['process.create', 'process.update', 'process.delete']);
    expect(audit.find((a) => a.action === 'process.update')?.changes).toEqual({
      active: { from: 'Y', to: 'N' },
    });
  });

  it('refuses to delete a process that tasks belong to: 409, nothing deleted', async () => {
    const id = (await write('POST', `/api/process/${company}`, admin, { name: 'Used process' })).json().id;
    const clients = await get(`/api/client1/company/${company}/lazy`);
    const task = await write('POST', `/api/task/${company}`, staff, {
      clientId: clients.json().content[0].id,
      processId: id,
      type: 'C',
      description: 'Book follow-up',
    });
    expect(task.statusCode).toBe(201);
    expect(task.json().processName).toBe('Used process');
    const res = await write('DELETE', `/api/process/${id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(res.json().message).toContain('is used by a task');
    expect((await get(`/api/process/specific/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/task/specific/${task.json().id}`)).json().processId).toBe(id);
  });

  it('another company’s process answers 404 to change and delete, and stays unchanged', async () => {
    const ukProcess = (await get(`/api/process/${uk.user.companyId}`, uk)).json()[0];
    expect((await write('PUT', `/api/process/${ukProcess.id}`, admin, { name: 'hijack' })).statusCode).toBe(
      404,
    );
    expect((await write('DELETE', `/api/process/${ukProcess.id}`, admin)).statusCode).toBe(404);
    expect((await write('POST', `/api/process/${uk.user.companyId}`, admin, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await get(`/api/process/specific/${ukProcess.id}`, uk)).json().name).toBe(ukProcess.name);
  });
});
