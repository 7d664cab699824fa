import type { InvoiceUpdate, PaymentInput } from '@pd/contracts';
import { formatMoney } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { recallsForCancelledInvoice, recallsForInvoice } from '../recalls/recall.service.ts';
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
import { type BillingCompany, inBillingCompany } from './invoice-context.ts';
import { invoicing } from './invoice-create.service.ts';
import { billingTerms, invoiceReference, takeInvoiceNumber } from './invoice-numbering.queries.ts';
import { assertCompanyProducts } from './invoice-once.ts';
import { invoiceTotals } from './invoice-totals.ts';
import { assertMedicalAccount } from './medical-account.ts';

const audit = { subProcess: 'Billing Management' as const };

const lockedInvoice = async (tx: Tx, companyId: number, id: number): Promise<InvoiceRow> =>
  mustExist(await lockInvoice(tx, companyId, id), 'Invoice');

async function label(tx: Tx, row: Pick<InvoiceRow, 'companyId' | 'id' | 'number'>) {
  return (
    invoiceReference((await billingTerms(tx, row.companyId)).invoicePrefix, row.number) ?? `draft ${row.id}`
  );
}

/** Update while neither paid nor cancelled (409 otherwise); new lines or tax choice recompute the totals. */
export const updateInvoice = (scope: Scope, id: number, patch: InvoiceUpdate) =>
  invoicing(scope, async (tx, company) => {
    await change(tx, scope.principal, company, id, patch);
    return id;
  });

async function change(tx: Tx, principal: Actor, company: BillingCompany, id: number, patch: InvoiceUpdate) {
  const before = await lockedInvoice(tx, company.id, id);
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
  if (patch.practitionerId) mustExist(await findUserId(tx, company.id, patch.practitionerId), 'User');
  const values: Parameters<typeof updateInvoiceRow>[3] = { invoiced, due };
  if (patch.notes !== undefined) values.notes = patch.notes;
  if (patch.practitionerId !== undefined) values.practitionerId = patch.practitionerId;
  if (patch.useTaxRate) taxChoice(company, patch.useTaxRate);
  if (patch.lines) await assertCompanyProducts(tx, company.id, patch.lines);
  const draftLines: DraftLine[] = patch.lines ?? (await linesOf(tx, company.id, id));
  // The account as the update leaves it is checked as at creation; archiving or restoring changes nothing on it.
  const filing = before.status !== 'draft' && Object.keys(patch).every((key) => key === 'status');
  if (!filing) {
    const practitionerId =
      values.practitionerId === undefined ? before.practitionerId : values.practitionerId;
    await assertMedicalAccount(tx, company, { ...before, practitionerId, invoiced }, draftLines);
  }
  if (patch.lines || patch.useTaxRate) {
    const useTaxRate = patch.useTaxRate ?? (before.useTaxRate === 'Y' ? 'Y' : 'N');
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
  await updateInvoiceRow(tx, company.id, id, values);
  if (values.status === 'active' && before.status === 'draft')
    await recallsForInvoice(tx, company.id, id, principal.userId);
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
export const cancelOrDeleteInvoice = (scope: Scope, id: number) =>
  inBillingCompany(scope, async (tx, company) => {
    const row = await lockedInvoice(tx, company.id, id);
    assertMayInvoice(scope.principal, company);
    return cancelOrDelete(tx, scope.principal, row);
  });

async function cancelOrDelete(tx: Tx, principal: Actor, row: InvoiceRow): Promise<'deleted' | 'cancelled'> {
  const { id, companyId } = row;
  const name = await label(tx, row);
  if (row.status === 'draft') {
    await deleteInvoiceRow(tx, companyId, id);
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
  await updateInvoiceRow(tx, companyId, id, { status: 'cancelled', cancelledAt: new Date() });
  const recallsCancelled = await recallsForCancelledInvoice(tx, companyId, id);
  await recordAudit(tx, principal, {
    ...audit,
    clientId: row.clientId,
    action: 'invoice.cancel',
    description: `Cancelled invoice ${name}.`,
    changes: {
      status: { from: row.status, to: 'cancelled' },
      ...(recallsCancelled > 0 ? { recallsCancelled } : {}),
    },
  });
  return 'cancelled';
}

/** Record payment, for a user allowed to invoice. */
export const recordPayment = (scope: Scope, id: number, payment: PaymentInput) =>
  invoicing(scope, async (tx, company) => {
    await addPayment(tx, scope.principal, company, id, payment);
    return id;
  });

/** Only on an issued invoice with something outstanding; moves it to paid when settled. Audited. */
export async function addPayment(
  tx: Tx,
  actor: Actor,
  company: BillingCompany,
  id: number,
  payment: PaymentInput,
) {
  const row = await lockedInvoice(tx, company.id, id);
  if (row.status === 'cancelled') throw new ConflictError('A cancelled invoice cannot be paid.');
  if (row.status === 'draft') throw new ConflictError('Issue the draft before recording a payment.');
  const outstanding = row.totalCents - row.paidCents;
  if (outstanding <= 0) throw new ConflictError('Nothing is outstanding on this invoice.');
  const invalid = (path: string, message: string) =>
    new ValidationError('Some fields are not valid.', [{ path: `body.${path}`, message }]);
  if (payment.amount > outstanding) {
    throw invalid(
      'amount',
      `The amount is more than the ${formatMoney(outstanding, company.currency)} outstanding.`,
    );
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
  await updateInvoiceRow(tx, company.id, id, { paidCents, ...(settled ? { status: 'paid' as const } : {}) });
  await recordAudit(tx, actor, {
    ...audit,
    clientId: row.clientId,
    action: 'invoice.payment',
    description: `Recorded ${payment.method} payment of ${formatMoney(payment.amount, company.currency)} on invoice ${await label(tx, row)}${settled ? ': paid' : ''}.`,
    changes: {
      amount: payment.amount,
      date: payment.date,
      method: payment.method,
      reference: payment.reference ?? null,
      paidCents,
    },
  });
}
