import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import type { Diary, Session } from '../appointments/appointment-test-support.ts';
import { bulkSmsProvider } from '../messaging/delivery/bulksms.ts';
import {
  type BulkSmsStub,
  STUB_CREDENTIALS,
  startBulkSmsStub,
} from '../messaging/test-support/bulksms-stub.ts';
import { setCredit } from '../messaging/test-support/fixture.ts';
import {
  makeDue,
  makeRule,
  makeTemplate,
  type ReminderDiary,
  runDispatcher,
} from './reminder-test-support.ts';
import { pollReplies } from './reply-poller.ts';

/** The local fake BulkSMS with inbound messages, and the adapter the poller reads it through. */
export async function openReplyProvider() {
  const stub: BulkSmsStub = await startBulkSmsStub();
  const provider = bulkSmsProvider({ baseUrl: stub.url, apiKey: STUB_CREDENTIALS, timeoutMs: 5000 });
  return {
    stub,
    provider,
    close: async () => {
      provider.close();
      await stub.close();
    },
  };
}
export type ReplyProvider = Awaited<ReturnType<typeof openReplyProvider>>;

/** A ZA SMS reminder a day before every appointment of the diary's type. */
export async function replyRules(r: ReminderDiary) {
  const { d } = r;
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 100_000, segmentPriceCents: 30 });
  const sms = await makeTemplate(d, {
    name: 'Reply SMS',
    channel: 'sms',
    body: 'See you {{date}}. Reply Y or C.',
  });
  await makeRule(d, {
    typeId: r.type,
    channel: 'sms',
    templateId: sms.id,
    offsetValue: 1,
    offsetUnit: 'days',
  });
}

export const setMobile = (d: Diary, clientId: number, mobile: string) =>
  withSystem(d.ctx.database.db, (tx) =>
    execute(tx, sql`update clients set mobile = ${mobile} where id = ${clientId}`),
  );

/** Books an appointment and sends its reminder (to the outbox) now; answers its id. */
export async function bookReminded(
  r: ReminderDiary,
  clientId: number,
  start: string,
  who: Session = r.d.reception,
) {
  const res = await r.d.call('POST', `/api/appointment/${r.d.zaCompany}`, who, {
    clientId,
    practitionerId: r.practitioner,
    typeId: r.type,
    start,
    allowOverlap: true,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const { id } = res.json() as { id: number };
  await makeDue(r.d, sql`appointment_id = ${id}`);
  await runDispatcher(r.d);
  return id;
}

/** The provider's id of the SMS that reminded an appointment (as delivery would have recorded it). */
export async function sentRef(d: Diary, appointmentId: number) {
  const ref = `sent-${appointmentId}`;
  await withSystem(d.ctx.database.db, (tx) =>
    execute(
      tx,
      sql`update messages set provider_ref = ${ref} where id in (select message_id from reminder_dispatches
            where appointment_id = ${appointmentId} and status = 'sent')`,
    ),
  );
  return ref;
}

export const poll = (d: Diary, p: ReplyProvider) => pollReplies(d.ctx.database.db, p.provider, 100);

const storedRow = z.object({
  companyId: z.number().nullable(),
  providerMessageId: z.string(),
  outcome: z.string(),
  reason: z.string().nullable(),
});
/** Every stored reply (system role), oldest first. */
export const storedReplies = (d: Diary) =>
  withSystem(d.ctx.database.db, (tx) =>
    selectRows(
      tx,
      storedRow,
      sql`select company_id as "companyId", provider_message_id as "providerMessageId", outcome, reason
            from sms_replies order by id`,
    ),
  );
