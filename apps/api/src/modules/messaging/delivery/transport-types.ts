/** What the transports and the deliverer share; its own file, so neither imports the other. */

/**
 * How a failed hand-over counts:
 * - permanent: the provider refused the message; sending it again would fail the same way.
 * - transient: it certainly did not arrive (or the provider dedupes a repeat); try again later.
 * - unknown: it may have arrived; sending again could deliver it twice, so it is never repeated.
 */
export type FailureKind = 'permanent' | 'transient' | 'unknown';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
  }
}

export interface Accepted {
  /** The provider's id of the message. */
  ref: string;
}

export interface EmailOut {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** JSON [{ filename, contentType, base64 }] as stored in messages.attachments. */
  attachments: string | null;
}

export interface SmsOut {
  id: number;
  to: string;
  body: string;
}

export interface EmailTransport {
  readonly name: string;
  send(message: EmailOut): Promise<Accepted>;
  close(): void;
}

/** One SMS a handset sent to us (a reply), as the provider lists it. */
export interface SmsIn {
  /** The provider's id of the received message: increasing, so the next read asks for those after it. */
  id: string;
  from: string;
  body: string;
  receivedAt: Date;
  /** The provider's id of our message this one answers, when the provider links them. */
  relatedSentId: string | null;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsOut): Promise<Accepted>;
  /** The message the provider holds under our id, if any: answers "did an earlier attempt arrive?". */
  lookup(messageId: number): Promise<Accepted | null>;
  /** Received messages with an id after `afterId` (all kept ones when null), oldest first, at most `limit`. */
  received(afterId: string | null, limit: number): Promise<SmsIn[]>;
  close(): void;
}
