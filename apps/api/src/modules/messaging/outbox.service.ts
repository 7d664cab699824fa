import type { OutboxPage } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { findClientContact, type OutboxFilter, outboxPage } from './message.queries.ts';

/** A page of the company's outbox, and where each channel delivers ('outbox': not delivered). */
export const outboxOf = (
  scope: Scope,
  filter: OutboxFilter,
  delivery: OutboxPage['delivery'],
): Promise<OutboxPage> =>
  inTenant(scope, async (tx) => ({ ...(await outboxPage(tx, scope.principal.companyId, filter)), delivery }));

/** Issue 13: one live client's messages for its record page; 404 for a client the company does not have. */
export const clientMessagesOf = (
  scope: Scope,
  clientId: number,
  page: { page: number; size: number },
  delivery: OutboxPage['delivery'],
): Promise<OutboxPage> =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await findClientContact(tx, companyId, clientId), 'Client');
    return { ...(await outboxPage(tx, companyId, { ...page, clientId })), delivery };
  });
