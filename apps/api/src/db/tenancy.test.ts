import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../test/harness.ts';
import { clients, companies, sessions, users } from './schema/index.ts';
import { withSystem, withTenant } from './tenancy.ts';

let ctx: TestContext;
let za: number;
let uk: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const all = await withSystem(ctx.database.db, (tx) => tx.select().from(companies).orderBy(companies.id));
  [za, uk] = all.map((c) => c.id) as [number, number];
  // A session in each company, so every tenant table has rows on both sides.
  for (const username of ['za.admin', 'uk.admin']) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'Demo!2026' },
    });
  }
});
afterAll(() => ctx.close());

async function tenantTables(): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

describe(`row-level security (${TEST_ENGINE} engine)`, () => {
  it('is enabled and forced on companies and every table with a company_id', async () => {
    const tables = [...(await tenantTables()), 'companies'];
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'clients']));
    const { rows } = await ctx.database.pool.query(
      `select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relname = any($1)`,
      [tables],
    );
    expect(rows).toHaveLength(tables.length);
    for (const row of rows) {
      expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    }
  });

  it('the application roles are not superusers, lack BYPASSRLS and own no table', async () => {
    const { rows } = await ctx.database.pool.query(
      `select r.rolname, r.rolsuper, r.rolbypassrls,
              (select count(*) from pg_class c where c.relowner = r.oid)::int as owned
         from pg_roles r where r.rolname in ('pd_app', 'pd_system') order by r.rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'pd_app', rolsuper: false, rolbypassrls: false, owned: 0 },
      { rolname: 'pd_system', rolsuper: false, rolbypassrls: false, owned: 0 },
    ]);
  });

  it('a query without a company filter sees only the current company', async () => {
    const seen = await withTenant(ctx.database.db, za, async (tx) => ({
      companies: await tx.select({ id: companies.id }).from(companies),
      users: await tx.select({ c: users.companyId }).from(users),
      clients: await tx.select({ c: clients.companyId }).from(clients),
      sessions: await tx.select({ c: sessions.companyId }).from(sessions),
    }));
    expect(seen.companies).toEqual([{ id: za }]);
    for (const key of ['users', 'clients', 'sessions'] as const) {
      expect(seen[key].length, key).toBeGreaterThan(0);
      expect(new Set(seen[key].map((r) => r.c)), key).toEqual(new Set([za]));
    }
    const all = await withSystem(ctx.database.db, (tx) => tx.select({ c: clients.companyId }).from(clients));
    expect(new Set(all.map((r) => r.c))).toEqual(new Set([za, uk]));
  });

  it('raw SQL in a tenant transaction cannot read, change or delete another company', async () => {
    await withTenant(ctx.database.db, za, async (tx) => {
      const read = await tx.execute(sql`select count(*)::int as n from clients where company_id = ${uk}`);
      expect(read.rows[0]).toEqual({ n: 0 });
      const upd = await tx.execute(sql`update clients set name = 'pwned' where company_id = ${uk}`);
      expect(upd.rowCount).toBe(0);
      const del = await tx.execute(sql`delete from users where company_id = ${uk}`);
      expect(del.rowCount).toBe(0);
    });
    const names = await withSystem(ctx.database.db, (tx) => tx.select({ name: clients.name }).from(clients));
    expect(names.map((n) => n.name)).not.toContain('pwned');
  });

  it('refuses to write a row into another company', async () => {
    await expect(
      withTenant(ctx.database.db, za, (tx) =>
        tx.insert(clients).values({ companyId: uk, name: 'Smuggled In', addressCountry: 'UK' }),
      ),
    ).rejects.toThrow();
    const smuggled = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(clients).where(sql`${clients.name} = 'Smuggled In'`),
    );
    expect(smuggled).toEqual([]);
  });

  it('sees nothing when no tenant is set', async () => {
    const rows = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'pd_app', true)`);
      return tx.select().from(clients);
    });
    expect(rows).toEqual([]);
  });
});
