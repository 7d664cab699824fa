import { ROLES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../db/tenancy.ts';
import { createTestContext, login, type TestContext } from './harness.ts';
import { PROBE_BODIES } from './probe-bodies.ts';

/**
 * Guards every route, including those later issues add: each /api route must declare its access rule,
 * and each route taking an id answers 404 for the ids of another company.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => r.method !== 'HEAD');

describe('route table', () => {
  it('every API route declares who may call it', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(8);
    const undeclared = routes.filter((r) => !r.config?.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('documents every route in docs/api.md', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    const missing = apiRoutes()
      .map((r) => ({ method: r.method, path: r.url.replace(/:(\w+)/g, '{$1}') }))
      .filter(({ method, path }) => !doc.includes(`| ${method} | \`${path}\` |`))
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });
});

/** Ids that exist only in the second company: one per tenant table, plus the company itself. */
async function foreignIds(ownCompanyId: number): Promise<number[]> {
  return withSystem(ctx.database.db, async (tx) => {
    const { rows: tables } = await tx.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns c where table_schema = 'public' and column_name = 'company_id'
            and exists (select 1 from information_schema.columns i
                         where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')`,
    );
    const ids = new Set<number>();
    const own = new Set<number>();
    for (const { table_name } of tables) {
      const t = sql.identifier(table_name);
      const { rows } = await tx.execute<{ id: number; mine: boolean }>(
        sql`select id, company_id = ${ownCompanyId} as mine from ${t}`,
      );
      for (const row of rows) (row.mine ? own : ids).add(Number(row.id));
    }
    const { rows: others } = await tx.execute<{ id: number }>(
      sql`select id from companies where id <> ${ownCompanyId}`,
    );
    for (const row of others) ids.add(Number(row.id));
    // An id that some own-company row also has would make a true 200 look like a leak.
    return [...ids].filter((id) => !own.has(id) && id !== ownCompanyId);
  });
}

describe('another company’s ids answer 404, exactly like missing ones', () => {
  it('for every id-taking route', async () => {
    const admin = await login(ctx.app, 'za.admin');
    const colleague = await login(ctx.app, 'za.evolve'); // task and Prospects routes refuse ROLE_ISOPRACTICE
    await login(ctx.app, 'uk.admin'); // so the other company has a session row too
    const candidates = await foreignIds(admin.user.companyId);
    expect(candidates.length).toBeGreaterThan(5);
    const isIdParam = (name: string) => name === 'id' || name.endsWith('Id');
    const params = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
    const routes = apiRoutes().filter((r) => params(r.url).some(isIdParam));
    expect(routes.length).toBeGreaterThan(3);
    const leaks: string[] = [];
    for (const route of routes) {
      const access = route.config?.access;
      // Task routes refuse ROLE_ISOPRACTICE; Prospects routes follow the menu, which has no Prospects for it.
      const notPractice =
        access?.kind === 'user' && (access.notRoles?.includes(ROLES.practice) || access.area);
      const prober = notPractice ? colleague : admin;
      const key = `${route.method} ${route.url}`;
      const needsBody = Boolean(route.schema?.body);
      if (needsBody) expect(PROBE_BODIES, `add a probe body for ${key}`).toHaveProperty([key]);
      for (const id of candidates) {
        // Search-text parameters get plain text; only ids are swapped for the other company's.
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => (isIdParam(name) ? String(id) : 'a'));
        const res = await ctx.app.inject({
          method: route.method as HTTPMethods,
          url,
          headers: prober.bearer,
          ...(needsBody ? { payload: PROBE_BODIES[key] as object } : {}),
        });
        if (res.statusCode !== 404) leaks.push(`${key} with ${url} answered ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
    // Every id-taking route times every foreign id: well over the default 30 s on a loaded machine.
  }, 180_000);
});
