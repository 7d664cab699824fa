import { NOT_DELIVERED_NO_PROVIDER } from '@pd/contracts';
import type { Db } from '../../../db/connect.ts';
import { withSystem } from '../../../db/tenancy.ts';
import { errorText } from '../../../lib/log-safety.ts';
import {
  type Claimed,
  claimMessages,
  claimRange,
  type Outcome,
  renewLeases,
  settleMessages,
} from './delivery.queries.ts';
import type { DeliveryJob, Logger } from './queue.ts';
import { type Accepted, DeliveryError } from './transport-types.ts';
import type { Transports } from './transports.ts';

export const OUTCOME_UNKNOWN =
  'Outcome unknown: delivery was interrupted while the mail server had the message; not sent again, so it cannot arrive twice.';

export interface DeliverOptions {
  /** Messages claimed and handed over in parallel. */
  groupSize: number;
  /**
   * A claim not renewed for this long is abandoned: its worker died. While a group is handed over its
   * leases are renewed every third of this, so a slow provider never makes a live send look abandoned.
   */
  leaseSeconds: number;
  /** After this many attempts a message that keeps failing is marked failed (and refunded). */
  maxAttempts: number;
  retryDelaySeconds: number;
}

type Result = { kind: 'sent'; accepted: Accepted } | { kind: 'error'; error: DeliveryError };

/** Claims, hands over and records the messages of one job; counts the ones that will be tried again. */
export class Deliverer {
  stopping = false;

  constructor(
    private readonly db: Db,
    private readonly transports: Transports,
    private readonly options: DeliverOptions,
    private readonly log: Logger,
  ) {}

  /** A job's messages: its ids, or its bulk range, claimed a group at a time in id order. */
  async deliver(job: DeliveryJob): Promise<{ retrying: number; settled: number }> {
    const counts = { retrying: 0, settled: 0 };
    const size = this.options.groupSize;
    const lease = this.options.leaseSeconds;
    const { ids, range } = job;
    // The cursor only moves on: a message put back for a retry waits for the job's next run (pg-boss backoff).
    let cursor = range ? range.from - 1 : 0;
    while (!this.stopping) {
      const claimed = range
        ? await withSystem(this.db, (tx) => claimRange(tx, range, cursor, size, lease))
        : await withSystem(this.db, (tx) =>
            claimMessages(tx, (ids ?? []).slice(cursor, cursor + size), lease),
          );
      if (range && claimed.length === 0) break;
      await this.deliverGroup(claimed, counts);
      cursor = range ? (claimed[claimed.length - 1]?.id ?? cursor) : cursor + size;
      if (!range && cursor >= (ids ?? []).length) break;
    }
    return counts;
  }

  /** Renews the group's leases every third of a lease until stopped (the group is recorded). */
  private renewWhileSending(claimed: Claimed[]): () => void {
    const lease = this.options.leaseSeconds;
    const timer = setInterval(
      () => {
        withSystem(this.db, (tx) => renewLeases(tx, claimed, lease)).catch((error: unknown) =>
          this.log.warn(`Lease renewal failed: ${errorText(error)}`),
        );
      },
      (lease * 1000) / 3,
    );
    return () => clearInterval(timer);
  }

  private async deliverGroup(claimed: Claimed[], counts: { retrying: number; settled: number }) {
    if (claimed.length === 0) return;
    const stopRenewing = this.renewWhileSending(claimed);
    try {
      await this.handOverGroup(claimed, counts);
    } finally {
      stopRenewing();
    }
  }

  private async handOverGroup(claimed: Claimed[], counts: { retrying: number; settled: number }) {
    const outcomes: Outcome[] = [];
    await Promise.all(
      claimed.map(async (message) => {
        const outcome = this.outcome(message, await this.handOver(message));
        if (outcome.status === 'queued') counts.retrying += 1;
        // An e-mail's outcome is recorded the moment it is known: after a crash there is no telling.
        if (message.channel === 'email') counts.settled += await this.settle([outcome]);
        else outcomes.push(outcome);
      }),
    );
    counts.settled += await this.settle(outcomes);
  }

  private settle(outcomes: Outcome[]): Promise<number> {
    return outcomes.length === 0
      ? Promise.resolve(0)
      : withSystem(this.db, (tx) => settleMessages(tx, outcomes));
  }

  private async handOver(m: Claimed): Promise<Result | null> {
    try {
      if (m.channel === 'email') {
        const email = this.transports.email;
        if (!email) return null;
        // Claimed before and never recorded: the server may have it. At most once: not again.
        if (m.previous === 'sending')
          return { kind: 'error', error: new DeliveryError(OUTCOME_UNKNOWN, 'unknown') };
        const accepted = await email.send({
          id: m.id,
          to: m.recipient,
          subject: m.subject ?? '',
          text: m.content,
          attachments: m.attachments,
        });
        return { kind: 'sent', accepted };
      }
      const sms = this.transports.sms;
      if (!sms) return null;
      // An earlier attempt may have reached the provider: ask before sending (the deduplication-id backs this).
      if (m.previous === 'sending' || m.attempts > 1) {
        const found = await sms.lookup(m.id);
        if (found) return { kind: 'sent', accepted: found };
      }
      return { kind: 'sent', accepted: await sms.send({ id: m.id, to: m.recipient, body: m.content }) };
    } catch (error) {
      if (error instanceof DeliveryError) return { kind: 'error', error };
      this.log.error(`Delivery of message ${m.id} failed unexpectedly: ${errorText(error)}`);
      return { kind: 'error', error: new DeliveryError((error as Error).message, 'transient') };
    }
  }

  private outcome(m: Claimed, result: Result | null): Outcome {
    const base = { id: m.id, attempt: m.attempts };
    if (result === null) {
      return { ...base, status: 'failed', transport: 'outbox', error: NOT_DELIVERED_NO_PROVIDER };
    }
    const transport =
      (m.channel === 'email' ? this.transports.email?.name : this.transports.sms?.name) ?? 'outbox';
    if (result.kind === 'sent') {
      return { ...base, status: 'sent', transport, providerRef: result.accepted.ref.slice(0, 200) };
    }
    const { error } = result;
    if (error.kind === 'transient' && m.attempts < this.options.maxAttempts) {
      const wait = Math.min(86_400, this.options.retryDelaySeconds * 2 ** m.attempts);
      return { ...base, status: 'queued', transport, error: error.message, retryAfterSeconds: wait };
    }
    const message =
      error.kind === 'transient' ? `Gave up after ${m.attempts} attempts: ${error.message}` : error.message;
    return { ...base, status: 'failed', transport, error: message.slice(0, 1000) };
  }
}
