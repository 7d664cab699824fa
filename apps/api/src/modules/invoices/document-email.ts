import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, written } from '../../lib/errors.ts';
import { type AuditSubProcess, recordAudit } from '../audit/audit.service.ts';
import { findClientContact, insertMessage } from '../messaging/message.queries.ts';
import { NoRecipientError } from '../messaging/messaging.errors.ts';
import type { Actor } from './invoice.service.ts';

const emailAddress = z.email();

export interface DocumentEmail {
  clientId: number;
  subject: string;
  content: string;
  fileName: string;
  pdf: Buffer;
  audit: {
    subProcess: AuditSubProcess;
    action: string;
    description: string;
    changes?: Record<string, unknown>;
  };
}

/**
 * Queues an e-mail with a PDF attached in the messaging outbox (delivered by its worker) and audits it, in
 * the caller's transaction. 400 NO_RECIPIENT when the client has no usable e-mail address.
 */
export async function queueDocumentEmail(tx: Tx, actor: Actor, mail: DocumentEmail): Promise<number> {
  const contact = await findClientContact(tx, mail.clientId);
  if (!contact) throw new NotFoundError('Client');
  const to = contact.email?.trim();
  if (!to || !emailAddress.safeParse(to).success) {
    throw new NoRecipientError(`${contact.name} has no e-mail address.`);
  }
  const messageId = written(
    await insertMessage(tx, {
      companyId: actor.companyId,
      clientId: mail.clientId,
      userId: actor.userId,
      channel: 'email',
      recipient: to,
      subject: mail.subject,
      content: mail.content,
      segments: 0,
      costCents: 0,
      idempotencyKey: null,
      attachments: JSON.stringify([
        { filename: mail.fileName, contentType: 'application/pdf', base64: mail.pdf.toString('base64') },
      ]),
    }),
    'message',
  );
  await recordAudit(tx, actor, {
    ...mail.audit,
    clientId: mail.clientId,
    description: `${mail.audit.description} E-mailed to ${to}.`,
    changes: { ...mail.audit.changes, messageId },
  });
  return messageId;
}
