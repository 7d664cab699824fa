import type { Db } from '../../../apps/api/src/db/connect.ts';
import { withSystem } from '../../../apps/api/src/db/tenancy.ts';
import { runBilling } from '../../../apps/api/src/modules/billing-runs/billing-run.service.ts';
import { Deliverer } from '../../../apps/api/src/modules/messaging/delivery/deliver.ts';
import { overdueMessages } from '../../../apps/api/src/modules/messaging/delivery/delivery.queries.ts';
import { silentLogger } from '../../../apps/api/src/modules/messaging/delivery/queue.ts';
import type { Transports } from '../../../apps/api/src/modules/messaging/delivery/transports.ts';
import { DEFAULT_WORKER_OPTIONS } from '../../../apps/api/src/modules/messaging/delivery/worker.ts';

/** Providers that accept everything at once, so delivery records its "sent" path without a network. */
const accepting: Transports = {
  email: { name: 'tour-smtp', send: async (m) => ({ ref: `email-${m.id}` }), close() {} },
  sms: {
    name: 'tour-sms',
    send: async (m) => ({ ref: `sms-${m.id}` }),
    lookup: async () => null,
    received: async () => [],
    close() {},
  },
};

/**
 * What no route reaches, called the way the background worker and the billing schedule call it, without
 * pg-boss (whose timers would make the recording depend on timing): the outbox sweep, delivery of
 * single messages and of a bulk send's id range, and a scheduled billing run.
 */
export async function tourBackground(
  db: Db,
  companyId: number,
  queued: () => Promise<{ ids: number[]; bulk: { bulkSendId: number; from: number; to: number } }>,
) {
  await withSystem(db, (tx) => overdueMessages(tx, 5000));
  const { ids, bulk } = await queued();
  const deliverer = new Deliverer(db, accepting, DEFAULT_WORKER_OPTIONS, silentLogger);
  await deliverer.deliver({ ids });
  await deliverer.deliver({ range: { companyId, ...bulk } });
  await runBilling(db, companyId, '2025-07', null, { skipIfBilled: true });
  await runBilling(db, companyId, '2025-07', null, { skipIfBilled: true }); // the month is billed: skipped
}
