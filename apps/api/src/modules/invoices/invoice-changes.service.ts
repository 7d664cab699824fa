import type { InvoiceUpdate, PaymentInput } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteInvoiceRow,
  findUserId,
  type InvoiceRow,
  insertPayment,
  linesOf,
  lockInvoice,
  updateInvoiceRow,
  writeLines,
} from './invoice.queries.ts';
import { type Actor, assertMayInvoice, type DraftLine, pricedLines, taxChoice } from './invoice.service.ts';
import { type BillingCompany, billingCompany } from './invoice-context.ts';
import { billingTerms, invoiceReference, takeInvoiceNumber } from './invoice-numbering.ts';
import { formatCents, invoiceTotals } from './invoice-totals.ts';

const audit = { subProcess: 'Billing Management' as const };

async function lockedInvoice(tx: Tx, id: number): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, id);
  if (!row) throw new NotFoundError('Invoice');
  return row;
}

async function label(tx: Tx, row: Pick<InvoiceRow, 'companyId' | 'id' | 'number'>) {
  return (
    invoiceReference((await billingTerms(tx, row.companyId)).invoicePrefix, row.number) ?? `draft ${row.id}`
  );
}

/** Update while neither paid nor cancelled (409 otherwise); new lines or tax choice recompute the totals. */
export async function changeInvoice(tx: Tx, principal: Principal, id: number, patch: InvoiceUpdate) {
  const before = await lockedInvoice(tx, id);
  const company = await billingCompany(tx, principal.companyId);
  assertMayInvoice(principal, company);
  if (before.status === 'paid' || before.status === 'cancelled') {
    throw new ConflictError(`A ${before.status} invoice cannot be changed.`);
  }
  const invoiced = patch.invoiced ?? before.invoiced;
  const due = patch.due ?? (patch.invoiced && before.due < patch.invoiced ? patch.invoiced : before.due);
  if (due < invoiced) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.due', message: 'The due date cannot be before the invoiced date.' },
    ]);
  }
  if (patch.practitionerId && !(await findUserId(tx, patch.practitionerId))) throw new NotFoundError('User');
  const values: Parameters<typeof updateInvoiceRow>[2] = { invoiced, due };
  if (patch.notes !== undefined) values.notes = patch.notes;
  if (patch.practitionerId !== undefined) values.practitionerId = patch.practitionerId;
  if (patch.lines || patch.useTaxRate) {
    const useTaxRate = patch.useTaxRate ?? (before.useTaxRate === 'Y' ? 'Y' : 'N');
    if (patch.useTaxRate) taxChoice(company, patch.useTaxRate);
    const draftLines: DraftLine[] = patch.lines ?? (await linesOf(tx, id));
    const lines = pricedLines(draftLines, useTaxRate === 'Y' ? company.vatRateBps : 0);
    const totals = invoiceTotals(lines);
    if (totals.totalCents < before.paidCents) {
      throw new ConflictError('The new total would be less than what has been paid.');
    }
    await writeLines(tx, principal.companyId, id, lines);
    Object.assign(values, totals, { useTaxRate });
    if (before.status === 'active' && totals.totalCents === before.paidCents && totals.totalCents > 0) {
      values.status = 'paid';
    }
  }
  if (patch.status === 'active' && before.status === 'draft') {
    values.status = 'active';
    values.number = await takeInvoiceNumber(tx, principal.companyId);
    values.issuedAt = new Date();
  } else if (patch.status === 'archived') {
    if (before.status !== 'active' && before.status !== 'archived') {
      throw new ConflictError('Only an issued invoice can be archived.');
    }
    values.status = 'archived';
  } else if (patch.status === 'active' && before.status === 'archived') {
    values.status = 'active';
  }
  const changes = diffFields(before as unknown as Record<string, unknown>, values);
  await updateInvoiceRow(tx, id, values);
  await recordAudit(tx, principal, {
    ...audit,
    clientId: before.clientId,
    action: 'invoice.update',
    description: `Updated invoice ${await label(tx, { ...before, number: values.number ?? before.number })}.`,
    changes,
  });
}

/**
 * DELETE: a draft is deleted; an issued invoice is cancelled (kept, its number never reused). An invoice
 * with payments cannot be cancelled, nor one cancelled already (409).
 */
export async function cancelOrDeleteInvoice(
  tx: Tx,
  principal: Principal,
  id: number,
): Promise<'deleted' | 'cancelled'> {
  const row = await lockedInvoice(tx, id);
  assertMayInvoice(principal, await billingCompany(tx, principal.companyId));
  const name = await label(tx, row);
  if (row.status === 'draft') {
    await deleteInvoiceRow(tx, id);
    await recordAudit(tx, principal, {
      ...audit,
      clientId: row.clientId,
      action: 'invoice.delete',
      description: `Deleted invoice ${name}.`,
    });
    return 'deleted';
  }
  if (row.status === 'cancelled') throw new ConflictError('The invoice is cancelled already.');
  if (row.paidCents > 0)
    throw new ConflictError('Payments are recorded against this invoice: it cannot be cancelled.');
  await updateInvoiceRow(tx, id, { status: 'cancelled', cancelledAt: new Date() });
  await recordAudit(tx, principal, {
    ...audit,
    clientId: row.clientId,
    action: 'invoice.cancel',
    description: `Cancelled invoice ${name}.`,
    changes: { status: { from: row.status, to: 'cancelled' } },
  });
  return 'cancelled';
}

/** Record payment, for a user allowed to invoice. */
export async function recordPayment(tx: Tx, principal: Principal, id: number, payment: PaymentInput) {
  const company = await billingCompany(tx, principal.companyId);
  assertMayInvoice(principal, company);
  await addPayment(tx, principal, company, id, payment);
}

/** Only on an issued invoice with something outstanding; moves it to paid when settled. Audited. */
export async function addPayment(
  tx: Tx,
  actor: Actor,
  company: BillingCompany,
  id: number,
  payment: PaymentInput,
) {
  const row = await lockedInvoice(tx, id);
  if (row.status === 'cancelled') throw new ConflictError('A cancelled invoice cannot be paid.');
  if (row.status === 'draft') throw new ConflictError('Issue the draft before recording a payment.');
  const outstanding = row.totalCents - row.paidCents;
  if (outstanding <= 0) throw new ConflictError('Nothing is outstanding on this invoice.');
  const invalid = (path: string, message: string) =>
    new ValidationError('Some fields are not valid.', [{ path: `body.${path}`, message }]);
  if (payment.amount > outstanding) {
    throw invalid('amount', `The amount is more than the ${formatCents(outstanding)} outstanding.`);
  }
  if (payment.date < row.invoiced)
    throw invalid('date', 'The payment date cannot be before the invoiced date.');
  if (payment.date > company.today) throw invalid('date', 'The payment date cannot be in the future.');
  await insertPayment(tx, {
    companyId: actor.companyId,
    invoiceId: id,
    amountCents: payment.amount,
    paidOn: payment.date,
    method: payment.method,
    reference: payment.reference || null,
    createdBy: actor.userId,
  });
  const paidCents = row.paidCents + payment.amount;
  const settled = paidCents === row.totalCents;
  await updateInvoiceRow(tx, id, { paidCents, ...(settled ? { status: 'paid' as const } : {}) });
  await recordAudit(tx, actor, {
    ...audit,
    clientId: row.clientId,
    action: 'invoice.payment',
    description: `Recorded ${payment.method} payment of ${company.currency} ${formatCents(payment.amount)} on invoice ${await label(tx, row)}${settled ? ': paid' : ''}.`,
    changes: {
      amount: payment.amount,
      date: payment.date,
      method: payment.method,
      reference: payment.reference ?? null,
      paidCents,
    },
  });
}
