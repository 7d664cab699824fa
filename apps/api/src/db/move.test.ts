import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadIcd10DemoIfEmpty } from '../modules/reference/reference.queries.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { createScratchDatabase, login, TEST_ENGINE } from '../test/harness.ts';
import { type Database, openDatabase } from './connect.ts';
import { runMigrations } from './migrate.ts';
import { MoveRefused, moveDatabase, type TableReport } from './move.ts';
import { withSystem } from './tenancy.ts';

/** Issue 12 point 14: npm run db:move copies the embedded database into an empty PostgreSQL server (run with
 * the embedded tier, which is when TEST_DATABASE_URL names a server to copy into). */
describe.skipIf(!process.env.TEST_DATABASE_URL || TEST_ENGINE === 'postgres')(
  'moving the embedded database to a PostgreSQL server',
  () => {
    let source: Database;
    let target: Awaited<ReturnType<typeof createScratchDatabase>>;
    let reports: TableReport[];

    beforeAll(async () => {
      source = await openDatabase({ dataDir: 'memory://' });
      await runMigrations(source.pool);
      await withSystem(source.db, loadIcd10DemoIfEmpty);
      await seedDemoIfEmpty(source.db);
      target = await createScratchDatabase();
      reports = await moveDatabase(source, target.url);
    }, 180_000);
    afterAll(async () => {
      await source?.close();
      await target?.drop();
    });

    it('copies every table with the same row count and checksum', async () => {
      const byTable = new Map(reports.map((r) => [r.table, r]));
      for (const table of ['companies', 'users', 'clients', 'invoices', 'appointments', 'audit_entries'])
        expect(byTable.get(table)?.rows, table).toBeGreaterThan(0);
      const { rows } = await source.pool.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public'`,
      );
      expect(reports.map((r) => r.table).sort()).toEqual(rows.map((r) => r.name).sort());
    });

    it('serves the practice from the server afterwards, numbering on where the embedded database stood', async () => {
      const moved = await openDatabase({ databaseUrl: target.url });
      const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: undefined };
      const app = await buildApp({ db: moved.db, config, logger: false });
      try {
        const admin = await login(app, 'za.admin');
        const created = await app.inject({
          method: 'POST',
          url: `/api/client1/${admin.user.companyId}`,
          headers: admin.bearer,
          payload: {
            type: 'N',
            firstName: 'Moved',
            lastName: 'Client',
            preferredName: 'Moved',
            email: 'moved@example.com',
            mobile: '082 555 1234',
            address1: '1 Main Road',
            addressRegion: 'Rosebank',
            addressState: 'Gauteng',
            addressPostalCode: '2196',
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const highest = await source.pool.query<{ id: number }>(`select max(id)::int as id from clients`);
        expect(created.json().id).toBeGreaterThan(highest.rows[0]?.id ?? 0);
      } finally {
        await app.close();
        await moved.close();
      }
    });

    it('refuses a target that is not empty, and changes nothing there', async () => {
      await expect(moveDatabase(source, target.url)).rejects.toBeInstanceOf(MoveRefused);
    });
  },
);
