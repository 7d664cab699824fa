import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { execute } from '../../lib/sql.ts';
import type { Diary } from '../appointments/appointment-test-support.ts';
import { type MessageWorker, startMessageWorker } from '../messaging/delivery/worker.ts';
import { type BulkSmsStub, startBulkSmsStub } from '../messaging/test-support/bulksms-stub.ts';
import {
  credit,
  messages,
  messagingConfig,
  setCredit,
  TEST_WORKER_OPTIONS,
  waitFor,
} from '../messaging/test-support/fixture.ts';
import { ReminderDispatcher } from './dispatcher.ts';
import {
  at,
  dispatchRows,
  makeDue,
  makeRule,
  makeTemplate,
  openReminderDiary,
  SET_UP_TIMEOUT,
} from './reminder-test-support.ts';

/**
 * Issue 16 part 3: a dispatcher killed (SIGKILL: no handler runs) inside its transaction, and one killed
 * after committing but before enqueueing delivery; after a restart every reminder reaches the provider
 * exactly once. The killed dispatchers are child processes on the same database.
 */
const SCRIPT = fileURLToPath(new URL('./test-support/dispatcher-process.ts', import.meta.url));

let d: Diary;
let sms: BulkSmsStub;
let rule: number;
let child: ChildProcess | undefined;
let worker: MessageWorker | undefined;
let dispatcher: ReminderDispatcher | undefined;
const quiet = { info() {}, warn() {}, error: (m: string) => console.error(m) };

beforeAll(async () => {
  const r = await openReminderDiary();
  d = r.d;
  // The embedded engine's socket takes four connections: two for this process, two for the child.
  d.ctx.database.pool.options.max = 2;
  sms = await startBulkSmsStub();
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 10_000, segmentPriceCents: 30 });
  const template = (
    await makeTemplate(d, { name: 'Crash', channel: 'sms', body: 'See you {{date}} at {{time}}.' })
  ).id;
  rule = (
    await makeRule(d, {
      typeId: r.type,
      channel: 'sms',
      templateId: template,
      offsetValue: 1,
      offsetUnit: 'days',
    })
  ).id;
  for (let i = 0; i < 7; i++) {
    const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
      clientId: r.clients[i],
      practitionerId: r.practitioner,
      typeId: r.type,
      start: at(3, '10:00'),
      allowOverlap: true,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  await makeDue(d, sql`rule_id = ${rule}`);
}, SET_UP_TIMEOUT);
afterAll(async () => {
  child?.kill('SIGKILL');
  await dispatcher?.stop();
  await worker?.stop();
  await sms.close();
  await d.ctx.close();
});

/** Starts a dispatcher process and answers the ids it printed when it reached its stopping point. */
async function spawnDispatcher(mode: 'claim' | 'commit'): Promise<{ proc: ChildProcess; ids: number[] }> {
  const url = d.ctx.database.pool.options.connectionString ?? '';
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT, url, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  const ids = await new Promise<number[]>((resolve, reject) => {
    proc.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const line = /(claimed|committed) ([\d,]+)\n/.exec(output);
      if (line) resolve((line[2] ?? '').split(',').map(Number));
      if (output.includes('nothing due')) reject(new Error('the dispatcher found nothing due'));
    });
    proc.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    proc.on('exit', (code) => reject(new Error(`dispatcher exited (${code}): ${output}`)));
  });
  return { proc, ids };
}

async function kill(proc: ChildProcess) {
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
  child = undefined;
}

const rows = () => dispatchRows(d, sql`rule_id = ${rule}`);
const reminderMessages = () => messages(d.ctx.database.db, sql`idempotency_key like 'reminder:%'`);

describe('a reminder dispatcher killed mid-dispatch, then restarted', () => {
  it('loses nothing and sends nothing twice', async () => {
    const before = (await credit(d.ctx.database.db, d.zaCompany)).balance;

    // 1. Killed inside its transaction, its first three rows claimed: nothing of that batch remains.
    const first = await spawnDispatcher('claim');
    expect(first.ids).toHaveLength(3);
    await kill(first.proc);
    await waitFor(async () => (await rows()).every((r) => r.status === 'pending'), 'the claim to roll back');
    expect(await reminderMessages()).toEqual([]);
    expect((await credit(d.ctx.database.db, d.zaCompany)).balance).toBe(before);

    // 2. Killed after its first batch committed, before that batch's delivery was enqueued.
    const second = await spawnDispatcher('commit');
    await kill(second.proc);
    const written = await reminderMessages();
    expect(written.map((m) => m.id).sort()).toEqual([...second.ids].sort());
    expect(written.every((m) => m.status === 'queued')).toBe(true);
    expect((await rows()).filter((r) => r.status === 'sent')).toHaveLength(3);

    // Restart: the schedule (pg-boss) dispatches the rest; the worker's sweep finds the messages no job
    // was made for once their pick-up grace has passed (brought forward here instead of waiting 30 s).
    d.ctx.database.pool.options.max = 4;
    await withSystem(d.ctx.database.db, (tx) =>
      execute(
        tx,
        sql`update messages set next_attempt_at = now() - interval '1 second' where status = 'queued'`,
      ),
    );
    worker = await startMessageWorker(
      d.ctx.database.db,
      messagingConfig({ smsUrl: sms.url }),
      quiet,
      TEST_WORKER_OPTIONS,
    );
    dispatcher = new ReminderDispatcher(d.ctx.database.db, quiet, {
      tickMs: 500,
      pollingIntervalSeconds: 0.5,
    });
    await dispatcher.start();
    const all = await waitFor(
      async () => {
        const list = await reminderMessages();
        return list.length === 7 && list.every((m) => m.status === 'sent') && list;
      },
      'all seven reminders to be delivered',
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1500)); // time for a duplicate to show up
    const settled = await rows();
    expect(settled.map((r) => r.status)).toEqual(Array(7).fill('sent'));
    expect(new Set(settled.map((r) => r.messageId)).size).toBe(7);
    for (const m of all) expect(sms.createdFor(m.id)).toBe(1);
    expect(sms.accepted.filter((a) => a.userSuppliedId.startsWith('pd-'))).toHaveLength(7);
    const account = await credit(d.ctx.database.db, d.zaCompany);
    expect(account.balance).toBe(account.ledger);
    expect(account.balance).toBe(before - all.reduce((n, m) => n + m.costCents, 0));
  }, 120_000);
});
