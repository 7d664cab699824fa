import { clientPageSchema } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { SEARCH_COUNT_CAP } from './client-list.queries.ts';

/** Issue 12, point 16: a search or column filter with more than 1,000 matches pages on to the last one. */

const MATCHES = 1205;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  await ctx.database.pool.query(
    `insert into clients (company_id, name, first_name, last_name)
     select $1, 'Pagetest Person ' || g, 'Person', 'Pagetest' || g from generate_series(1, $2::int) g`,
    [admin.user.companyId, MATCHES],
  );
}, 120_000);
afterAll(() => ctx.close());

async function page(query: string, n: number, size = 100) {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${admin.user.companyId}/lazy?${query}&page=${n}&size=${size}&sort=id:asc`,
    headers: admin.bearer,
  });
  expect(res.statusCode).toBe(200);
  return clientPageSchema.parse(res.json());
}

describe.each([
  ['a keyword search', 'search=pagetest'],
  ['a column filter', `filters=${encodeURIComponent(JSON.stringify({ lastName: 'pagetest' }))}`],
])('%s with more than 1,000 matches', (_name, query) => {
  it('reaches every match: each full page promises another, the last one gives the exact total', async () => {
    const seen = new Set<number>();
    let n = 1;
    for (;;) {
      const answer = await page(query, n);
      for (const row of answer.content) seen.add(row.id);
      if (answer.content.length < 100) {
        expect(answer).toMatchObject({ totalElements: MATCHES, totalExact: true });
        break;
      }
      // The paginator shows pages up to the total: it must always go past this one.
      expect(answer.totalElements).toBeGreaterThan(n * 100);
      if (n * 100 <= SEARCH_COUNT_CAP) expect(answer.totalExact).toBe(false);
      n += 1;
      expect(n).toBeLessThan(20);
    }
    expect(seen.size).toBe(MATCHES);
    expect(n).toBe(13);
  }, 120_000);

  it('a page past the end is empty and tells the exact total', async () => {
    const answer = await page(query, 50, 100);
    expect(answer).toEqual({ content: [], totalElements: MATCHES, totalExact: true });
  });
});
