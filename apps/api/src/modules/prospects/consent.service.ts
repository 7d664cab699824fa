import type { ConsentInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { DomainError, NotFoundError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findClient } from '../clients/client.queries.ts';
import { findConsent, markConsentRequested, updateConsent } from './consent.queries.ts';

/** POPIA section 69: after the one request for consent, no e-mail or SMS to a prospect without it. */
export class NoConsentError extends DomainError {
  constructor(state: string) {
    super(
      'NO_CONSENT',
      409,
      state === 'refused'
        ? 'This prospect refused electronic marketing (POPIA section 69): no e-mail or SMS may be sent.'
        : 'This prospect has been asked for consent once already and has not given it (POPIA section 69): record their consent before sending another e-mail or SMS.',
    );
  }
}

/**
 * Called in the transaction of an e-mail or SMS to a client record, once the message is written. A client,
 * or a prospect who consented, may be written to; a prospect never approached gets this one message (the
 * request for consent, recorded as 'requested' with its channel and time); anyone else is refused (409) and
 * the transaction, message included, rolls back. The update is conditional, so of two sends at once one is
 * the request and the other is refused.
 */
export async function claimElectronicApproach(
  tx: Tx,
  companyId: number,
  clientId: number,
  channel: 'email' | 'sms',
): Promise<void> {
  if (await markConsentRequested(tx, companyId, clientId, channel)) return;
  const row = await findConsent(tx, companyId, clientId);
  if (!row || row.lifecycle === 'client' || row.consentState === 'given') return;
  throw new NoConsentError(row.consentState);
}

/** Records a prospect's (or client's) answer: consent given or refused, when and how. */
export const recordConsent = (scope: Scope, id: number, input: ConsentInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    if (!(await updateConsent(tx, companyId, id, input))) throw new NotFoundError('Client');
    await recordAudit(tx, scope.principal, {
      clientId: id,
      subProcess: 'Client Management',
      action: 'client.consent',
      description: `Recorded consent to electronic marketing: ${input.state} (${input.channel}).`,
    });
    return mustExist(await findClient(tx, companyId, id), 'Client');
  });
