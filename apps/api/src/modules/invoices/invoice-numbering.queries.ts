import { eq, sql } from 'drizzle-orm';
import { billingSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

export type BillingTerms = {
  invoicePrefix: string;
  paymentTermsDays: number;
};

const ensureSettings = (tx: Tx, companyId: number) =>
  tx.insert(billingSettings).values({ companyId }).onConflictDoNothing();

/** The company's billing settings, created with the defaults on first use. */
export async function billingTerms(tx: Tx, companyId: number): Promise<BillingTerms> {
  await ensureSettings(tx, companyId);
  const [row] = await tx
    .select({
      invoicePrefix: billingSettings.invoicePrefix,
      paymentTermsDays: billingSettings.paymentTermsDays,
    })
    .from(billingSettings)
    .where(eq(billingSettings.companyId, companyId));
  return mustExist(row, 'Billing settings');
}

/**
 * The next invoice number, gapless: the settings row stays locked until the creating transaction ends, so a
 * concurrent create waits and then takes the following number; a rolled-back create gives its number back.
 */
export async function takeInvoiceNumber(tx: Tx, companyId: number): Promise<number> {
  await ensureSettings(tx, companyId);
  const [row] = await tx
    .update(billingSettings)
    .set({ lastInvoiceNumber: sql`${billingSettings.lastInvoiceNumber} + 1`, updatedAt: sql`now()` })
    .where(eq(billingSettings.companyId, companyId))
    .returning({ n: billingSettings.lastInvoiceNumber });
  return mustExist(row, 'Billing settings').n;
}

/** INV-000042: what is printed and searched. */
export const invoiceReference = (prefix: string, number: number | null) =>
  number === null ? null : `${prefix}-${String(number).padStart(6, '0')}`;
