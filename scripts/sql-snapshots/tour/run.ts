import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase } from '../../../apps/api/src/db/connect.ts';
import { runMigrations } from '../../../apps/api/src/db/migrate.ts';
import { withSystem } from '../../../apps/api/src/db/tenancy.ts';
import { loadIcd10DemoIfEmpty } from '../../../apps/api/src/modules/reference/reference.queries.ts';
import { dispatchDue } from '../../../apps/api/src/modules/reminders/dispatcher.ts';
import { seedDemoIfEmpty } from '../../../apps/api/src/seed/demo.ts';
import { recordStatements, type SentStatement } from '../record.ts';
import { tourAppointments } from './appointments.ts';
import { tourBackground } from './background.ts';
import { tourBilling } from './billing.ts';
import { tourCalls } from './calls.ts';
import { tourCatalogue, tourTasks } from './catalogue.ts';
import { tourClients } from './clients.ts';
import { tourFormFill, tourFormRequests, tourForms } from './forms.ts';
import { tourMessaging } from './messaging.ts';
import { tourAudit, tourPeople } from './people.ts';
import { tourProspects } from './prospects.ts';
import { tourRecalls } from './recalls.ts';
import { tourReminders } from './reminders.ts';
import { tourReplies } from './replies.ts';
import { tourReports } from './reports.ts';
import { Tour } from './support.ts';

// Drizzle and Fastify frames come before the app's: keep enough of the stack to reach them.
Error.stackTraceLimit = 100;

/** The database as the tests have it (harness.ts): migrations, the ICD-10 demo list, the demo seed. */
export async function runTour() {
  const database = await openDatabase({ dataDir: 'memory://' });
  const sent: SentStatement[] = [];
  const recorder = recordStatements(database.pool, (s) => sent.push(s));
  await runMigrations(database.pool);
  await withSystem(database.db, loadIcd10DemoIfEmpty);
  await seedDemoIfEmpty(database.db);
  const tenantTables = new Set(
    (
      await database.pool.query<{ table_name: string }>(
        `select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'company_id'`,
      )
    ).rows.map((r) => r.table_name),
  );
  const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: undefined };
  const app = await buildApp({ db: database.db, config, logger: false });
  const visited = new Set<string>();
  app.addHook('onResponse', async (request) => {
    visited.add(`${request.method} ${request.routeOptions.url}`);
  });
  await app.ready();

  recorder.start();
  const tour = new Tour(app);
  const admin = await tour.as('za.admin');
  const companyId = admin.user.companyId;
  await tourPeople(tour, admin);
  const clientId = await tourClients(tour, admin);
  const catalogue = await tourCatalogue(tour, admin, clientId);
  await tourTasks(tour, admin, clientId);
  await tourBilling(tour, admin, { clientId, ...catalogue });
  await tourMessaging(tour, admin, clientId);
  await tourAppointments(tour, admin, { clientId, product: catalogue.product });
  await tourReminders(tour, admin, clientId);
  await tourRecalls(tour, admin, { clientId, product: catalogue.product });
  await tourCalls(tour, admin, clientId);
  const formId = await tourForms(tour, admin);
  await tourFormRequests(tour, admin, formId, clientId);
  await tourFormFill(tour, admin, formId, clientId);
  await tourReports(tour, admin);
  await tourProspects(tour);
  await tourBackground(database.db, companyId, async () => {
    // The tour's own look-up, not the app's: not recorded.
    recorder.stop();
    const single = await database.pool.query<{ id: number }>(
      `select id from messages where company_id = $1 and bulk_send_id is null and status = 'queued' order by id`,
      [companyId],
    );
    const bulk = await database.pool.query<{ bulkSendId: number; from: number; to: number }>(
      `select bulk_send_id as "bulkSendId", min(id)::int as from, max(id)::int as to from messages
        where company_id = $1 and bulk_send_id is not null group by bulk_send_id order by 1 limit 1`,
      [companyId],
    );
    recorder.start();
    const range = bulk.rows[0];
    if (!range) throw new Error('the tour queued no bulk send');
    return { ids: single.rows.map((r) => r.id), bulk: range };
  });
  // The reminders' dispatcher as its schedule runs it, once the tour's reminders are due (time travel,
  // not recorded): claimed, decided, written to the outbox and settled.
  recorder.stop();
  await database.pool.query(
    `update appointments set created_at = now() - interval '400 days' where company_id = $1 and id in
       (select appointment_id from reminder_dispatches where company_id = $1 and status = 'pending')`,
    [companyId],
  );
  await database.pool.query(
    `update reminder_dispatches set due_at = now() - interval '1 second' where company_id = $1 and status = 'pending'`,
    [companyId],
  );
  recorder.start();
  await dispatchDue(database.db, { batchSize: 200 }, async () => undefined);
  recorder.stop();
  const mobile = (
    await database.pool.query<{ mobile: string | null }>('select mobile from clients where id = $1', [
      clientId,
    ])
  ).rows[0]?.mobile;
  recorder.start();
  await tourReplies(tour, admin, database.db, mobile ?? null);
  await tourAudit(tour, admin, clientId);
  recorder.stop();

  const unvisitedRoutes = app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`))
    .filter((key) => !key.startsWith('HEAD ') && !visited.has(key))
    .sort();
  await app.close();
  await database.close();
  return { sent, tenantTables, unvisitedRoutes };
}
