/**
 * A message worker in a process of its own, so that a test can kill it (SIGKILL) mid-delivery:
 *   node --import tsx worker-process.ts <databaseUrl> '{"smsUrl": "...", "smtpUrl": "..."}'
 * Prints "ready" once it polls. One job at a time, messages in pairs: the test knows what is in flight.
 */
import { openDatabase } from '../../../db/connect.ts';
import { startMessageWorker } from '../delivery/worker.ts';
import { messagingConfig, TEST_WORKER_OPTIONS } from './fixture.ts';

const [databaseUrl, json] = process.argv.slice(2);
if (!databaseUrl || !json) throw new Error('usage: worker-process.ts <databaseUrl> <json>');
const database = await openDatabase({ databaseUrl, poolSize: 2 });
await startMessageWorker(
  database.db,
  messagingConfig(JSON.parse(json) as { smsUrl?: string; smtpUrl?: string }),
  { info() {}, warn: (m) => console.error(m), error: (m) => console.error(m) },
  // Providers that hang keep it waiting until the kill: a long timeout, and a lease longer still.
  { ...TEST_WORKER_OPTIONS, concurrency: 1, groupSize: 2, providerTimeoutMs: 20_000, leaseSeconds: 30 },
);
process.stdout.write('ready\n');
