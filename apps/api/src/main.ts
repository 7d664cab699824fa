import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { runMigrations } from './db/migrate.ts';
import { withSystem } from './db/tenancy.ts';
import { startBillingSchedule } from './modules/billing-runs/billing-schedule.ts';
import { startMessageWorker } from './modules/messaging/delivery/worker.ts';
import { loadIcd10DemoIfEmpty } from './modules/reference/reference.queries.ts';
import { startReminderDispatcher } from './modules/reminders/dispatcher.ts';
import { startReplyPoller } from './modules/reminders/reply-poller.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD } from './seed/demo-data.ts';

const here = dirname(fileURLToPath(import.meta.url));
const started = Date.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database.pool);
await withSystem(database.db, loadIcd10DemoIfEmpty);
const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
const app = await buildApp({
  db: database.db,
  config: { ...config, webDist: config.webDist ?? resolve(here, '../../web/dist') },
});

// Delivers queued e-mail and SMS; every process may run one (they share the pg-boss queue).
const worker = config.messaging.worker
  ? await startMessageWorker(database.db, config.messaging, app.log)
  : undefined;
// Monthly billing runs (billing-runs/billing-schedule.ts): started with the background worker.
const billingSchedule = config.messaging.worker
  ? await startBillingSchedule(database.db, app.log)
  : undefined;
// Appointment reminders (reminders/dispatcher.ts): due ones are written to the outbox every 30 s.
const reminders = config.messaging.worker ? await startReminderDispatcher(database.db, app.log) : undefined;
// SMS replies (reminders/reply-poller.ts): the provider's received messages are read every minute.
const replies = config.messaging.worker
  ? await startReplyPoller(database.db, config.messaging, app.log)
  : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await worker?.stop();
  await billingSchedule?.stop();
  await reminders?.stop();
  await replies?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where =
  database.engine === 'embedded' ? `embedded PostgreSQL in ${resolve(config.dataDir)}` : 'PostgreSQL server';
const lines = [
  '',
  `Practice Desk is running on http://localhost:${config.port} (${where}; ready in ${Date.now() - started} ms)`,
  seeded ? 'Demo data created.' : 'Using existing data.',
];
if (database.engine === 'embedded')
  lines.push(
    `The embedded database serves about ${config.embeddedUserCapacity} users at once; past that, move to a ` +
      'PostgreSQL server with npm run db:move (README, "Outgrowing the embedded database").',
  );
if (config.seedDemo) {
  lines.push(`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
  for (const company of DEMO_COMPANIES) {
    const who = company.users.map((u) => `${u.username}${u.rights === 'A' ? ' (admin)' : ''}`).join(', ');
    lines.push(`  ${company.name}: ${who}`);
  }
}
console.log(lines.join('\n'));
