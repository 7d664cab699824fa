import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessagingConfig } from '../../../config.ts';
import type { Db } from '../../../db/connect.ts';
import { withSystem } from '../../../db/tenancy.ts';
import { execute, selectRow, selectRows } from '../../../lib/sql.ts';
import type { WorkerOptions } from '../delivery/worker.ts';
import { STUB_CREDENTIALS } from './bulksms-stub.ts';

/** Short intervals so retries, expiry and recovery happen within seconds. */
export const TEST_WORKER_OPTIONS: Partial<WorkerOptions> = {
  concurrency: 2,
  groupSize: 5,
  pollingIntervalSeconds: 0.5,
  retryLimit: 3,
  retryDelaySeconds: 1,
  maxAttempts: 3,
  expireInSeconds: 4,
  maintenanceIntervalSeconds: 1,
  leaseSeconds: 2,
  providerTimeoutMs: 800,
  sweepIntervalMs: 60_000,
  stopTimeoutMs: 3000,
};

export function messagingConfig(o: { smtpUrl?: string; smsUrl?: string } = {}): MessagingConfig {
  return {
    smtpUrl: o.smtpUrl,
    smtpFrom: 'Practice Desk <no-reply@practicedesk.example>',
    smsProvider: o.smsUrl ? 'bulksms' : undefined,
    smsApiKey: o.smsUrl ? STUB_CREDENTIALS : undefined,
    smsApiUrl: o.smsUrl ?? 'https://api.bulksms.com/v1',
    smsFrom: undefined,
    worker: true,
  };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 25_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const messageRow = z.object({
  id: z.number(),
  companyId: z.number(),
  clientId: z.number().nullable(),
  channel: z.string(),
  recipient: z.string(),
  status: z.string(),
  attempts: z.number(),
  transport: z.string().nullable(),
  providerRef: z.string().nullable(),
  lastError: z.string().nullable(),
  costCents: z.number(),
  bulkSendId: z.number().nullable(),
});
export type MessageRow = z.infer<typeof messageRow>;

export async function messages(db: Db, where = sql`true`): Promise<MessageRow[]> {
  return withSystem(db, (tx) =>
    selectRows(
      tx,
      messageRow,
      sql`
      select id, company_id as "companyId", client_id as "clientId", channel, recipient, status, attempts,
             transport, provider_ref as "providerRef", last_error as "lastError", cost_cents as "costCents",
             bulk_send_id as "bulkSendId"
        from messages where ${where} order by id`,
    ),
  );
}

/** The account balance and its ledger's sum: they must always agree. */
export async function credit(db: Db, companyId: number) {
  return withSystem(db, async (tx) => {
    const row = await selectRow(
      tx,
      z.object({ balance: z.number().nullable(), ledger: z.number() }),
      sql`
      select (select balance_cents from sms_credit_accounts where company_id = ${companyId}) as balance,
             (select coalesce(sum(amount_cents), 0)::bigint from sms_credit_ledger where company_id = ${companyId}) as ledger`,
    );
    return { balance: row?.balance ?? 0, ledger: row?.ledger ?? 0 };
  });
}

type Session = { bearer: Record<string, string>; user: { id: number; companyId: number } };

/** Sets the price and cap, then tops the balance up to exactly `balanceCents` (as an administrator). */
export async function setCredit(
  app: FastifyInstance,
  db: Db,
  admin: Session,
  o: { balanceCents: number; segmentPriceCents?: number; dailyCap?: number },
) {
  const base = `/api/credit/${admin.user.companyId}`;
  const headers = { ...admin.bearer, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const settings = await app.inject({
    method: 'PUT',
    url: `${base}/settings`,
    headers,
    payload: { segmentPriceCents: o.segmentPriceCents ?? 30, dailyCap: o.dailyCap ?? 100_000 },
  });
  if (settings.statusCode !== 200) throw new Error(settings.body);
  // Spend the current balance down through the ledger so that it keeps summing to the balance.
  await withSystem(db, async (tx) => {
    const id = admin.user.companyId;
    await execute(
      tx,
      sql`insert into sms_credit_ledger (company_id, kind, amount_cents, note)
      select company_id, 'debit', -balance_cents, 'test reset' from sms_credit_accounts where company_id = ${id} and balance_cents > 0`,
    );
    await execute(tx, sql`update sms_credit_accounts set balance_cents = 0 where company_id = ${id}`);
  });
  if (o.balanceCents > 0) {
    const top = await app.inject({
      method: 'POST',
      url: `${base}/topup`,
      headers,
      payload: { amountCents: o.balanceCents },
    });
    if (top.statusCode !== 200) throw new Error(top.body);
  }
}
