import type PgBoss from 'pg-boss';
import type { MessagingConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { withSystem } from '../../db/tenancy.ts';
import { errorText } from '../../lib/log-safety.ts';
import { createBoss, type Logger, silentLogger, startBoss } from '../messaging/delivery/queue.ts';
import type { SmsProvider } from '../messaging/delivery/transport-types.ts';
import { createTransports } from '../messaging/delivery/transports.ts';
import { DEFAULT_WORKER_OPTIONS } from '../messaging/delivery/worker.ts';
import { advanceCursor, readCursor } from './reply.queries.ts';
import { takeReply } from './reply-match.ts';

export const REPLY_QUEUE = 'sms-replies';

export interface ReplyPollOptions {
  /** Received messages asked for per request. */
  pageSize: number;
  /** How often the provider is asked. */
  tickMs: number;
  pollingIntervalSeconds: number;
}

export const DEFAULT_REPLY_POLL_OPTIONS: ReplyPollOptions = {
  pageSize: 100,
  tickMs: 60_000,
  pollingIntervalSeconds: 5,
};

/**
 * Reads the provider's received messages after the last one read and takes each (stored once, then
 * matched) in order, moving the cursor past each one taken. A message that fails stops the read there:
 * the next poll starts with it again, and the unique key makes a repeat of the ones before harmless.
 * Answers how many messages were new.
 */
export async function pollReplies(db: Db, provider: SmsProvider, pageSize: number): Promise<number> {
  let taken = 0;
  for (let round = 0; round < 100; round++) {
    const after = await withSystem(db, (tx) => readCursor(tx, provider.name));
    const page = await provider.received(after, pageSize);
    for (const message of page) {
      if (await takeReply(db, provider.name, message)) taken++;
      await withSystem(db, (tx) => advanceCursor(tx, provider.name, message.id));
    }
    if (page.length < pageSize) break;
  }
  return taken;
}

/**
 * The reply schedule: every tick one pg-boss job on a stately queue (at most one queued and one running
 * across all processes) polls the provider. No public webhook is needed. The once-guarantee does not rest
 * on it: the unique key on the provider's message id does.
 */
export class ReplyPoller {
  readonly options: ReplyPollOptions;
  private boss: PgBoss | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly log: Logger = silentLogger,
    options: Partial<ReplyPollOptions> = {},
  ) {
    this.options = { ...DEFAULT_REPLY_POLL_OPTIONS, ...options };
  }

  run() {
    return pollReplies(this.db, this.provider, this.options.pageSize);
  }

  async start(): Promise<void> {
    const boss = createBoss(this.db, { supervise: false });
    boss.on('error', (error: Error) => this.log.error(`pg-boss (replies): ${errorText(error)}`));
    await startBoss(this.db, boss, () =>
      boss.createQueue(REPLY_QUEUE, { name: REPLY_QUEUE, policy: 'stately', retryLimit: 0 }),
    );
    this.boss = boss;
    await boss.work(
      REPLY_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds },
      async () => {
        // The count only: senders and texts are personal data and stay out of the logs.
        const taken = await this.run();
        if (taken > 0) this.log.info(`SMS replies: ${taken} received`);
      },
    );
    this.timer = setInterval(() => {
      this.tick().catch((error: Error) => this.log.warn(`SMS reply poll failed: ${errorText(error)}`));
    }, this.options.tickMs);
    this.timer.unref();
    await this.tick();
  }

  async tick(): Promise<void> {
    await this.boss?.send(REPLY_QUEUE, {});
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, timeout: 10_000, close: false });
    this.provider.close();
  }
}

/** Starts polling the configured SMS provider for replies; nothing to poll without one (the outbox). */
export async function startReplyPoller(
  db: Db,
  config: MessagingConfig,
  log: Logger,
): Promise<ReplyPoller | undefined> {
  const provider = createTransports(config, { timeoutMs: DEFAULT_WORKER_OPTIONS.providerTimeoutMs }).sms;
  if (!provider) return undefined;
  const poller = new ReplyPoller(db, provider, log);
  await poller.start();
  return poller;
}
