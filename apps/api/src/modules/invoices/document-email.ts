import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';
import { type AuditSubProcess, recordAudit } from '../audit/audit.service.ts';
import { findClientContact, insertMessage, messageIdByKey } from '../messaging/message.queries.ts';
import { NoRecipientError } from '../messaging/messaging.errors.ts';
import { usableEmail } from '../messaging/recipients.ts';
import type { Actor } from './invoice.service.ts';

/** The client a document goes to; `email` is its address when that is a usable one, else null. */
export interface Recipient {
  clientId: number;
  name: string;
  email: string | null;
}

/** A live client of the company as a document's recipient; 404 for any other. */
export async function findRecipient(tx: Tx, companyId: number, clientId: number): Promise<Recipient> {
  const contact = mustExist(await findClientContact(tx, companyId, clientId), 'Client');
  return { clientId, name: contact.name, email: usableEmail(contact.email) };
}

export interface DocumentEmail {
  to: Recipient;
  subject: string;
  content: string;
  fileName: string;
  pdf: Buffer;
  /** The entry to write; without it the caller's own audit entry tells of the e-mail. */
  audit?: {
    subProcess: AuditSubProcess;
    action: string;
    description: string;
    changes?: Record<string, unknown>;
  };
}

/**
 * The one way a document (invoice, statement, unpaid letter) is e-mailed: queued with its PDF attached in
 * the messaging outbox (delivered by its worker once the caller's transaction commits), in the caller's
 * transaction. 400 NO_RECIPIENT when the client has no usable e-mail address.
 */
export async function queueDocumentEmail(tx: Tx, actor: Actor, mail: DocumentEmail): Promise<number> {
  return (await queueDocumentEmailOnce(tx, actor, mail, undefined)).messageId;
}

/**
 * The same, under the request's optional Idempotency-Key: a repeated key (a double click, a retry) answers
 * the message queued first and queues nothing; the messages' unique key holds it against races.
 */
export async function queueDocumentEmailOnce(
  tx: Tx,
  actor: Actor,
  mail: DocumentEmail,
  idempotencyKey: string | undefined,
): Promise<{ messageId: number; repeated: boolean }> {
  const { to } = mail;
  if (!to.email) throw new NoRecipientError(`${to.name} has no e-mail address.`);
  const inserted = await insertMessage(tx, {
    companyId: actor.companyId,
    clientId: to.clientId,
    userId: actor.userId,
    channel: 'email',
    recipient: to.email,
    subject: mail.subject,
    content: mail.content,
    segments: 0,
    costCents: 0,
    idempotencyKey: idempotencyKey ?? null,
    attachments: JSON.stringify([
      { filename: mail.fileName, contentType: 'application/pdf', base64: mail.pdf.toString('base64') },
    ]),
  });
  if (inserted === undefined && idempotencyKey) {
    return {
      messageId: mustExist(await messageIdByKey(tx, actor.companyId, idempotencyKey), 'Message'),
      repeated: true,
    };
  }
  const messageId = mustExist(inserted, 'Message');
  if (mail.audit) {
    await recordAudit(tx, actor, {
      ...mail.audit,
      clientId: to.clientId,
      description: `${mail.audit.description} E-mailed to ${to.email}.`,
      changes: { ...mail.audit.changes, messageId },
    });
  }
  return { messageId, repeated: false };
}
