import type { Db } from '../../../apps/api/src/db/connect.ts';
import type { SmsIn, SmsProvider } from '../../../apps/api/src/modules/messaging/delivery/transport-types.ts';
import { pollReplies } from '../../../apps/api/src/modules/reminders/reply-poller.ts';
import { type Session, Tour } from './support.ts';

/**
 * SMS replies (issue 16, part 4): the poller as its schedule runs it, reading two replies from a provider
 * with no network (a Y from the tour's client, a question from a number no one has), then the inbox.
 */
export async function tourReplies(tour: Tour, admin: Session, db: Db, clientMobile: string | null) {
  const now = new Date();
  const replies: SmsIn[] = [
    { id: '9001', from: clientMobile ?? '+27825550000', body: 'Yes', receivedAt: now, relatedSentId: null },
    { id: '9002', from: '+27825559999', body: 'Who is this?', receivedAt: now, relatedSentId: 'tour-ref' },
  ];
  const provider: SmsProvider = {
    name: 'tour-sms',
    send: async (m) => ({ ref: `sms-${m.id}` }),
    lookup: async () => null,
    received: async (after) => replies.filter((r) => after === null || Number(r.id) > Number(after)),
    close() {},
  };
  await pollReplies(db, provider, 100);
  await pollReplies(db, provider, 100); // read after the cursor: nothing new

  const c = admin.user.companyId;
  await tour.get(admin, `/api/reminder/replies/${c}`);
  const all = (
    await tour.send(admin, 'GET', `/api/reminder/replies/${c}?filter=all&page=1&size=10`)
  ).json() as {
    content: { id: number; outcome: string }[];
  };
  const inbox = all.content.find((r) => r.outcome === 'inbox') ?? all.content[0];
  await tour.post(admin, `/api/reminder/reply/${Tour.idOf(inbox)}/handled`);
}
