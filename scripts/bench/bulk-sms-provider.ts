/**
 * The bench's SMS provider: the tests' local BulkSMS JSON API server, in a process of its own so that its
 * work and memory are not the app's. Forked by bulk-sms.ts; answers { url } at start and stats on request.
 */
import { startBulkSmsStub } from '../../apps/api/src/modules/messaging/test-support/bulksms-stub.ts';

const stub = await startBulkSmsStub();
process.send?.({ url: stub.url });
process.on('message', (message: string) => {
  if (message !== 'stats') return;
  const refs = new Set(stub.accepted.map((m) => m.userSuppliedId));
  const cpu = process.cpuUsage();
  process.send?.({
    submissions: stub.submissions.length,
    accepted: stub.accepted.length,
    distinct: refs.size,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
});
process.on('disconnect', () => {
  void stub.close().then(() => process.exit(0));
});
