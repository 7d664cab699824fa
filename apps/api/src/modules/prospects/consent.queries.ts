import type { ConsentInput } from '@pd/contracts';
import { and, eq } from 'drizzle-orm';
import { clients } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

const ofCompany = (companyId: number, id: number) =>
  and(eq(clients.companyId, companyId), eq(clients.id, id));

/** A prospect never approached becomes 'requested' (this message asks for consent); true when it did. */
export async function markConsentRequested(tx: Tx, companyId: number, id: number, channel: 'email' | 'sms') {
  const rows = await tx
    .update(clients)
    .set({ consentState: 'requested', consentChannel: channel, consentAt: new Date() })
    .where(
      and(ofCompany(companyId, id), eq(clients.lifecycle, 'prospect'), eq(clients.consentState, 'unknown')),
    )
    .returning({ id: clients.id });
  return rows.length > 0;
}

export async function findConsent(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ lifecycle: clients.lifecycle, consentState: clients.consentState })
    .from(clients)
    .where(ofCompany(companyId, id));
  return row;
}

/** The answer recorded; false when the company has no such record. */
export async function updateConsent(tx: Tx, companyId: number, id: number, input: ConsentInput) {
  const rows = await tx
    .update(clients)
    .set({
      consentState: input.state,
      consentChannel: input.channel,
      consentAt: input.at ? new Date(input.at) : new Date(),
      updatedAt: new Date(),
    })
    .where(ofCompany(companyId, id))
    .returning({ id: clients.id });
  return rows.length > 0;
}
