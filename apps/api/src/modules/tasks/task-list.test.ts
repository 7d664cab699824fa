import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
interface Row {
  id: number;
  description: string;
  type: string;
  status: string;
  due: string | null;
  userId: number;
  processId: number | null;
  clientId: number;
  clientName: string;
  user: string;
  processName: string | null;
  created: string;
}
let ctx: TestContext;
let admin: Session; // uk.admin, company type F
let adviser: Session; // uk.adviser
let processId: number;
let clients: { id: number; name: string }[];
const made: Row[] = [];
const DAY = 86_400_000;
const TYPES = ['S', 'B', 'D', 'E', 'H'];
const STATUSES = ['I', 'W', 'C', 'R'];

/** 25 tasks of the adviser's company (which has no others): types, statuses, users, clients and dues mixed. */
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'uk.admin');
  adviser = await login(ctx.app, 'uk.adviser');
  const list = await ctx.app.inject({
    url: `/api/client1/company/${admin.user.companyId}/lazy?search=smith`,
    headers: admin.bearer,
  });
  const smiths = list.json().content as { id: number; name: string }[];
  const other = await ctx.app.inject({
    url: `/api/client1/company/${admin.user.companyId}/lazy?search=bakery`,
    headers: admin.bearer,
  });
  clients = [...smiths, ...other.json().content];
  expect(clients.map((c) => c.name)).toEqual(['Alice Smith', 'John Smithson', 'Richmond Bakery Ltd']);
  const processes = await ctx.app.inject({
    url: `/api/process/${admin.user.companyId}`,
    headers: admin.bearer,
  });
  processId = processes.json()[0].id;
  const now = Date.now();
  for (let i = 0; i < 25; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/task/${admin.user.companyId}`,
      headers: admin.bearer,
      payload: {
        clientId: clients[i % 3]?.id,
        type: TYPES[i % 5],
        status: STATUSES[i % 4],
        description: `Lazy ${String(i).padStart(2, '0')} ${i % 2 ? 'review' : 'transfer'}`,
        userId: i % 2 ? adviser.user.id : admin.user.id,
        processId: i % 4 === 0 ? processId : null,
        due: i % 6 === 5 ? null : new Date(now + (i - 10) * DAY).toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    made.push(res.json());
  }
});
afterAll(() => ctx.close());

const page = async (query: string) => {
  const res = await ctx.app.inject({
    url: `/api/task/lazyloading/${admin.user.companyId}?${query}`,
    headers: admin.bearer,
  });
  return { status: res.statusCode, body: res.json() as { data: Row[]; totalRecords: number } };
};
const count = (keep: (t: Row) => boolean) => made.filter(keep).length;
const open = (t: Row) => t.status === 'I' || t.status === 'W';

describe('task list paging and sorting', () => {
  it('defaults to page 1 of 10, due descending with undated tasks last, and an exact total', async () => {
    const { status, body } = await page('');
    expect(status).toBe(200);
    expect(body.totalRecords).toBe(25);
    expect(body.data).toHaveLength(10);
    const dues = body.data.map((t) => Date.parse(t.due ?? ''));
    expect([...dues].sort((a, b) => b - a)).toEqual(dues);
    expect(body.data[0]?.description).toBe('Lazy 24 transfer');
    const last = await page('page=3');
    expect(last.body.data).toHaveLength(5);
    expect(last.body.data.slice(-4).every((t) => t.due === null)).toBe(true);
  });

  it('pages are 1-based, disjoint, and together hold every task once', async () => {
    const seen: number[] = [];
    for (const n of [1, 2, 3]) seen.push(...(await page(`page=${n}`)).body.data.map((t) => t.id));
    expect(new Set(seen).size).toBe(25);
    expect((await page('page=4')).body).toEqual({ data: [], totalRecords: 25 });
    expect((await page('size=20&page=2')).body.data).toHaveLength(5);
    expect((await page('size=50')).body.data).toHaveLength(25);
  });

  it.each([
    ['description', (t: Row) => t.description],
    ['clientName', (t: Row) => t.clientName.toLowerCase()],
    ['user', (t: Row) => t.user],
    ['type', (t: Row) => t.type],
    ['status', (t: Row) => t.status],
    ['created', (t: Row) => t.created],
  ])('sorts by %s both ways (asc/desc and 1/-1)', async (field, key) => {
    for (const [order, dir] of [
      ['asc', 1],
      ['1', 1],
      ['desc', -1],
      ['-1', -1],
    ] as const) {
      const rows = (await page(`sortField=${field}&sortOrder=${order}&size=50`)).body.data;
      expect(rows).toHaveLength(25);
      const keys = rows.map(key);
      const sorted = [...keys].sort((a, b) => (a < b ? -dir : a > b ? dir : 0));
      expect(keys, `${field} ${order}`).toEqual(sorted);
    }
    const asc = (await page(`sortField=${field}&sortOrder=asc&size=50`)).body.data.map(key);
    const desc = (await page(`sortField=${field}&sortOrder=desc&size=50`)).body.data.map(key);
    expect(asc).toEqual([...desc].reverse());
  });

  it('puts tasks without a process last when sorting by process name', async () => {
    for (const order of ['asc', 'desc']) {
      const rows = (await page(`sortField=processName&sortOrder=${order}&size=50`)).body.data;
      const named = count((t) => t.processId !== null);
      expect(rows.slice(0, named).every((t) => t.processName !== null)).toBe(true);
      expect(rows.slice(named).every((t) => t.processName === null)).toBe(true);
    }
  });

  it.each([
    'sortField=password',
    'sortField=due;drop table tasks',
    'sortOrder=sideways',
    'size=15',
    'page=0',
    'page=x',
    'status=X',
    'type=Z',
    'filter=overdone',
    'start=yesterday',
    'start=2030-01-02T00:00:00Z&end=2030-01-01T00:00:00Z',
    'category=abc',
    'surprise=1',
  ])('refuses %s with 400', async (query) => {
    const { status, body } = await page(query);
    expect(status).toBe(400);
    expect((body as unknown as { fields: unknown[] }).fields.length).toBeGreaterThan(0);
  });
});

describe('task list filters', () => {
  it.each([
    ['filter=active', open],
    ['filter=complete', (t: Row) => !open(t)],
    ['filter=overdue', (t: Row) => open(t) && t.due !== null && Date.parse(t.due) < Date.now()],
    ['status=W', (t: Row) => t.status === 'W'],
    ['type=D', (t: Row) => t.type === 'D'],
    ['category=PROCESS', (t: Row) => t.processId !== null],
    ['userId=ADVISER', (t: Row) => t.userId === adviser.user.id],
    ['search=LAZY%200', (t: Row) => t.description.startsWith('Lazy 0')],
    ['search=review', (t: Row) => t.description.endsWith('review')],
    ['search=smith', (t: Row) => t.clientName.toLowerCase().includes('smith')],
    ['search=bakery&status=I', (t: Row) => t.clientName.includes('Bakery') && t.status === 'I'],
    [
      'filter=active&type=S&userId=ADMIN',
      (t: Row) => open(t) && t.type === 'S' && t.userId === admin.user.id,
    ],
  ])('%s', async (template, keep) => {
    const query = template
      .replace('PROCESS', String(processId))
      .replace('ADVISER', String(adviser.user.id))
      .replace('ADMIN', String(admin.user.id));
    const { status, body } = await page(`${query}&size=100`);
    expect(status).toBe(200);
    const expected = made.filter(keep).map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.totalRecords).toBe(expected.length);
    expect(body.data.map((t) => t.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('keeps tasks due within start and end, both inclusive', async () => {
    const dated = made
      .filter((t) => t.due !== null)
      .sort((a, b) => Date.parse(a.due ?? '') - Date.parse(b.due ?? ''));
    const from = dated[3]?.due ?? '';
    const to = dated[8]?.due ?? '';
    const { body } = await page(`start=${encodeURIComponent(from)}&end=${encodeURIComponent(to)}&size=100`);
    expect(body.totalRecords).toBe(6);
    expect(body.data.map((t) => t.id).sort()).toEqual(
      dated
        .slice(3, 9)
        .map((t) => t.id)
        .sort(),
    );
    const { body: after } = await page(`start=${encodeURIComponent(to)}&size=100`);
    expect(after.totalRecords).toBe(dated.length - 8);
  });

  it('finds nothing for wildcards typed as text, and pages an empty result', async () => {
    expect((await page('search=%25')).body).toEqual({ data: [], totalRecords: 0 });
    expect((await page('search=_azy')).body.totalRecords).toBe(0);
  });
});
