import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';

export type BillingTerms = {
  invoicePrefix: string;
  paymentTermsDays: number;
};

/** The company's billing settings, created with the defaults on first use. */
export async function billingTerms(tx: Tx, companyId: number): Promise<BillingTerms> {
  await tx.execute(
    sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
  );
  const { rows } = await tx.execute<BillingTerms>(sql`
    select invoice_prefix as "invoicePrefix", payment_terms_days as "paymentTermsDays"
      from billing_settings where company_id = ${companyId}`);
  return written(rows[0], 'billing settings');
}

/**
 * The next invoice number, gapless: the settings row stays locked until the creating transaction ends, so a
 * concurrent create waits and then takes the following number; a rolled-back create gives its number back.
 */
export async function takeInvoiceNumber(tx: Tx, companyId: number): Promise<number> {
  await tx.execute(
    sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
  );
  const { rows } = await tx.execute<{ n: number }>(sql`
    update billing_settings set last_invoice_number = last_invoice_number + 1, updated_at = now()
     where company_id = ${companyId} returning last_invoice_number as n`);
  return Number(written(rows[0], 'invoice number').n);
}

/** INV-000042: what is printed and searched. */
export const invoiceReference = (prefix: string, number: number | null) =>
  number === null ? null : `${prefix}-${String(number).padStart(6, '0')}`;
