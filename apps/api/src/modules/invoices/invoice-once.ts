import { INVOICE_MESSAGES } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { DomainError, ValidationError } from '../../lib/errors.ts';
import { foreignProductIds, liveInvoiceForPeriod } from './invoice-once.queries.ts';

/** 409: the client product is invoiced for the month already; the answer names that invoice. */
export class AlreadyInvoicedError extends DomainError {
  constructor(reference?: string | null) {
    super(
      'ALREADY_INVOICED',
      409,
      reference
        ? `${INVOICE_MESSAGES.alreadyInvoiced.slice(0, -1)}: ${reference}.`
        : INVOICE_MESSAGES.alreadyInvoiced,
      [{ path: 'body.clientProductId', message: INVOICE_MESSAGES.alreadyInvoiced }],
    );
  }
}

/**
 * Before a manual invoice of a client product: whether it repeats a live invoice of the period. A repeat
 * without the "invoice again" confirmation is refused (409); with it, answers true (the invoice is then
 * marked invoiced again, outside the database's one-per-period key). The key itself holds against races.
 */
export async function repeatsPeriod(
  tx: Tx,
  c: { companyId: number; clientProductId: number; period: string; invoiceAgain: boolean },
): Promise<boolean> {
  const existing = await liveInvoiceForPeriod(tx, c.companyId, c.clientProductId, c.period);
  if (existing && !c.invoiceAgain) throw new AlreadyInvoicedError(existing.reference);
  return existing !== undefined;
}

/** A concurrent invoice of the same client product and period won the database's key: 409, not 500. */
export function asAlreadyInvoiced(error: unknown): unknown {
  return violatedConstraint(error, UNIQUE_VIOLATION) === 'invoices_billing_period_key'
    ? new AlreadyInvoicedError()
    : error;
}

/** Every line's product id must be a product of the company: 400 naming each line that is not. */
export async function assertCompanyProducts(
  tx: Tx,
  companyId: number,
  lines: readonly { productId?: number | null | undefined }[],
) {
  const ids = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const foreign = await foreignProductIds(tx, companyId, ids);
  const fields = lines.flatMap((l, n) =>
    l.productId && foreign.has(l.productId)
      ? [{ path: `body.lines.${n}.productId`, message: INVOICE_MESSAGES.productNotOfCompany }]
      : [],
  );
  if (fields.length > 0) throw new ValidationError('Some fields are not valid.', fields);
}
