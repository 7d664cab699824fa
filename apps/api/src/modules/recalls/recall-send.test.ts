import { RECALL_MESSAGES, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { execute } from '../../lib/sql.ts';
import type { Diary } from '../appointments/appointment-test-support.ts';
import { publicHolidays } from '../appointments/holidays.ts';
import { overdueMessages } from '../messaging/delivery/delivery.queries.ts';
import type { DeliveryPublisher } from '../messaging/delivery/queue.ts';
import { credit, setCredit } from '../messaging/test-support/fixture.ts';
import { makeTemplate, openReminderDiary, SET_UP_TIMEOUT } from '../reminders/reminder-test-support.ts';
import { nextMarketingInstant } from './quiet-hours.ts';
import { sendRecallNotices } from './recall-send.service.ts';
import {
  makeRecall,
  makeRecallType,
  noticeRows,
  RECALL_SMS,
  recallRows,
  setCommStatus,
  zaDay,
} from './recall-test-support.ts';

/**
 * Bulk send of recall notices: through the outbox and the prepaid ledger, held for the CPA quiet hours,
 * never twice per recall and ladder step. The concurrency proof is the PostgreSQL run
 * (PD_TEST_ENGINE=postgres): the embedded engine serialises transactions.
 */
let d: Diary;
let clients: number[];
let type: number;
beforeAll(async () => {
  const r = await openReminderDiary('Recall send');
  ({ d, clients } = r);
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 100_000, segmentPriceCents: 30 });
  const template = (await makeTemplate(d, { name: 'Recall notice', channel: 'sms', body: RECALL_SMS })).id;
  type = (
    await makeRecallType(d, {
      name: 'Re-assessment',
      intervalValue: 6,
      intervalUnit: 'weeks',
      templateId: template,
      ladder: [0, 14, 14],
    })
  ).id;
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const send = (recallIds: number[], who = d.reception) =>
  d.call('POST', `/api/recall/send/${d.zaCompany}`, who, { recallIds });
/** A recall due `daysAgo` days ago (its first notice may go now). */
const dueRecall = (client: number, daysAgo = 1) =>
  makeRecall(d, client, { typeId: type, serviceDate: zaDay(-42 - daysAgo) });
const zaHolidays = new Set(publicHolidays('ZA').map((h) => h.date));
const window = (from: Date) => nextMarketingInstant(from, 'Africa/Johannesburg', (x) => zaHolidays.has(x));
/** Moves a recall's last notice back, so its next ladder step falls due. */
const ageLastNotice = (id: number, days: number) =>
  withSystem(d.ctx.database.db, (tx) =>
    execute(
      tx,
      sql`update recalls set last_notice_at = last_notice_at - make_interval(days => ${days}) where id = ${id}`,
    ),
  );

describe('bulk send of the next notice', () => {
  it('writes each notice to the outbox and the ledger, held until the window the CPA allows', async () => {
    const recalls = [await dueRecall(clients[0] ?? 0), await dueRecall(clients[1] ?? 0)];
    const before = await credit(d.ctx.database.db, d.zaCompany);
    const startedAt = new Date();
    const res = await send(recalls.map((r) => r.id));
    expect(res.statusCode).toBe(200);
    const result = res.json();
    const notices = await noticeRows(
      d,
      sql`n.recall_id = any(${sql.param(recalls.map((r) => r.id))}::bigint[])`,
    );
    expect(notices.map((n) => n.step)).toEqual([1, 1]);
    const cost = notices.reduce((sum, n) => sum + n.costCents, 0);
    expect(cost).toBeGreaterThan(0);
    expect(result).toMatchObject({ queued: 2, costCents: cost, skipped: [] });
    // Sent at once inside the window; otherwise held until it opens (the pickup time is the window's start).
    const opens = window(startedAt);
    if (opens.getTime() > startedAt.getTime() + 60_000) {
      expect(result.held).toBe(2);
      expect(result.sendAt).toBe(opens.toISOString());
      for (const n of notices) expect(n.nextAttemptAt).toBe(opens.getTime());
    } else {
      expect(result.held).toBe(0);
    }
    expect(notices[0]?.content).toContain(`${RECALL_SMS.slice(0, 3)}`);
    expect(notices[0]?.content).not.toContain('{{');
    const after = await credit(d.ctx.database.db, d.zaCompany);
    expect(after.balance).toBe(before.balance - cost);
    expect(after.ledger).toBe(after.balance);
    expect((await recallRows(d, sql`id = ${recalls[0]?.id}`))[0]).toMatchObject({
      status: 'notified',
      noticesSent: 1,
    });
    const listed = await d.call(
      'GET',
      `/api/recall/list/${d.zaCompany}?status=notified&typeId=${type}`,
      d.za,
    );
    expect(listed.json().content.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining(recalls.map((r) => r.id)),
    );
  });

  it('a send on a Sunday is held until Monday 08:00: the outbox sweep does not hand it over before', async () => {
    const recall = await dueRecall(clients[7] ?? clients[0] ?? 0, 3);
    const enqueued: number[][] = [];
    const publisher = {
      enqueue: async (ids: number[]) => void enqueued.push(ids),
    } as unknown as DeliveryPublisher;
    const scope = {
      db: d.ctx.database.db,
      principal: {
        userId: d.reception.user.id,
        companyId: d.zaCompany,
        username: 'za.reception',
        roles: [],
        rights: '',
        enableInvoicing: 'N' as const,
        sessionId: 0,
        viaCookie: false,
      },
    };
    const DAY = 86_400_000;
    /** A Sunday at 10:00 in Johannesburg (08:00 UTC), `weeks` weeks from the current one. */
    const sundayIn = (weeks: number) => {
      const at = new Date(Date.now() + weeks * 7 * DAY);
      at.setTime(at.getTime() - at.getUTCDay() * DAY);
      at.setUTCHours(8, 0, 0, 0);
      return at;
    };
    // A past Sunday: held until the next window (Monday 08:00, later after a holiday), which has passed.
    const pastSunday = sundayIn(-1);
    const opens = window(pastSunday);
    expect(opens.getTime()).toBeGreaterThanOrEqual(pastSunday.getTime() + 22 * 3_600_000);
    const result = await sendRecallNotices(scope, publisher, [recall.id], () => pastSunday);
    expect(result).toMatchObject({ queued: 1, held: 1, sendAt: opens.toISOString() });
    expect(enqueued).toEqual([]);
    const [notice] = await noticeRows(d, sql`n.recall_id = ${recall.id}`);
    // The window has opened since: picked up as any queued message (the pickup grace from now).
    expect(notice?.nextAttemptAt).toBeGreaterThan(opens.getTime());
    // A Sunday ahead: the sweep leaves its notice alone until the window opens.
    const later = await dueRecall(clients[8] ?? clients[0] ?? 0, 3);
    const ahead = await sendRecallNotices(scope, publisher, [later.id], () => sundayIn(2));
    expect(ahead).toMatchObject({ queued: 1, held: 1, sendAt: window(sundayIn(2)).toISOString() });
    const [waiting] = await noticeRows(d, sql`n.recall_id = ${later.id}`);
    expect(waiting?.nextAttemptAt).toBe(window(sundayIn(2)).getTime());
    expect(await withSystem(d.ctx.database.db, (tx) => overdueMessages(tx, 1000))).not.toContain(
      waiting?.messageId,
    );
    expect(enqueued).toEqual([]);
    // Once the window has come (time travel), the sweep hands it to delivery.
    await withSystem(d.ctx.database.db, (tx) =>
      execute(
        tx,
        sql`update messages set next_attempt_at = now() - interval '1 second' where id = ${waiting?.messageId}`,
      ),
    );
    expect(await withSystem(d.ctx.database.db, (tx) => overdueMessages(tx, 1000))).toContain(
      waiting?.messageId,
    );
  });

  it('takes the ladder a step at a time, each after its spacing, and never the same step twice', async () => {
    const recall = await dueRecall(clients[2] ?? 0);
    expect((await send([recall.id])).json().queued).toBe(1);
    const again = (await send([recall.id])).json();
    expect(again.queued).toBe(0);
    expect(again.skipped).toEqual([{ recallId: recall.id, reason: RECALL_MESSAGES.skip.notYet(zaDay(14)) }]);
    await ageLastNotice(recall.id, 14);
    expect((await send([recall.id])).json().queued).toBe(1);
    await ageLastNotice(recall.id, 14);
    expect((await send([recall.id])).json().queued).toBe(1);
    const done = (await send([recall.id])).json();
    expect(done.skipped).toEqual([{ recallId: recall.id, reason: RECALL_MESSAGES.skip.ladderDone }]);
    expect((await noticeRows(d, sql`n.recall_id = ${recall.id}`)).map((n) => n.step)).toEqual([1, 2, 3]);
  });

  it('skips clients who opted out, recalls not yet due, closed ones; another company’s ids are a 400', async () => {
    const optedOut = await dueRecall(clients[3] ?? 0);
    await setCommStatus(d, clients[3] ?? 0, 'N');
    const future = await makeRecall(d, clients[4] ?? 0, { typeId: type, serviceDate: zaDay(0) });
    const closed = await dueRecall(clients[4] ?? 0);
    await d.call('PUT', `/api/recall/${closed.id}/cancel`, d.za);
    const res = (await send([optedOut.id, future.id, closed.id])).json();
    expect(res.queued).toBe(0);
    expect(res.skipped).toEqual([
      { recallId: optedOut.id, reason: RECALL_MESSAGES.skip.optedOut },
      { recallId: future.id, reason: RECALL_MESSAGES.skip.notYet(zaDay(42)) },
      { recallId: closed.id, reason: RECALL_MESSAGES.skip.closed },
    ]);
    await setCommStatus(d, clients[3] ?? 0, 'Y');
    const ukType = await makeRecallType(
      d,
      {
        name: 'UK',
        intervalValue: 1,
        intervalUnit: 'days',
        templateId: (await makeTemplate(d, { name: 'UK', channel: 'sms', body: 'Due {{date}}' }, d.uk)).id,
        ladder: [0],
      },
      d.uk,
    );
    const ukClient = (
      await withSystem(d.ctx.database.db, (tx) =>
        tx.execute(
          sql`select id from clients where company_id = ${d.ukCompany} and deleted_at is null limit 1`,
        ),
      )
    ).rows[0]?.id;
    const ukRecall = await makeRecall(
      d,
      Number(ukClient),
      { typeId: ukType.id, serviceDate: '2026-01-01' },
      d.uk,
    );
    const before = await noticeRows(d);
    const foreign = await send([ukRecall.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields[0].path).toBe('body.recallIds');
    expect((await send([])).statusCode).toBe(400);
    expect(await noticeRows(d)).toHaveLength(before.length);
  });

  it('never overdraws the prepaid credit: what it cannot pay for is skipped saying so', async () => {
    const recalls = [await dueRecall(clients[5] ?? 0), await dueRecall(clients[6] ?? clients[0] ?? 0)];
    // The same text costs the same segments: at 100 cents a segment the balance pays for one notice only.
    const segments = ((await noticeRows(d))[0]?.costCents ?? 30) / 30;
    const balance = segments * 100 + 50;
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: balance, segmentPriceCents: 100 });
    const res = (await send(recalls.map((r) => r.id))).json();
    expect(res.queued).toBe(1);
    expect(res.skipped).toEqual([{ recallId: recalls[1]?.id, reason: RECALL_MESSAGES.skip.noCredit }]);
    const after = await credit(d.ctx.database.db, d.zaCompany);
    expect(after.balance).toBe(50);
    expect(after.ledger).toBe(50);
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 100_000, segmentPriceCents: 30 });
  });

  it('sends side by side write each recall’s step once, and the ledger matches the balance', async () => {
    const recalls: number[] = [];
    for (let i = 0; i < 24; i++) recalls.push((await dueRecall(clients[i % clients.length] ?? 0, 1 + i)).id);
    const messagesBefore = (await noticeRows(d)).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(i % 2 === 0 ? recalls : [...recalls].reverse())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const queued = answers.reduce((sum, a) => sum + a.json().queued, 0);
    expect(queued).toBe(recalls.length);
    const notices = await noticeRows(d, sql`n.recall_id = any(${sql.param(recalls)}::bigint[])`);
    expect(notices).toHaveLength(recalls.length);
    expect(new Set(notices.map((n) => n.recallId)).size).toBe(recalls.length);
    expect(new Set(notices.map((n) => n.messageId)).size).toBe(recalls.length);
    expect((await noticeRows(d)).length).toBe(messagesBefore + recalls.length);
    const account = await credit(d.ctx.database.db, d.zaCompany);
    expect(account.ledger).toBe(account.balance);
    expect(todayIn('Africa/Johannesburg')).toBe(zaDay(0));
  });
});
