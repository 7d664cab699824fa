import { addDaysIso, formatMoney, mayUseRowAction, type YesNo } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recallsForInvoice } from '../recalls/recall.service.ts';
import {
  findBillableClient,
  findBillableClientProduct,
  findUserId,
  insertInvoiceRow,
  type LineInsert,
  writeLines,
} from './invoice.queries.ts';
import { type BillingCompany, billingCompany } from './invoice-context.ts';
import { billingTerms, invoiceReference, takeInvoiceNumber } from './invoice-numbering.queries.ts';
import { monthStart } from './invoice-once.queries.ts';
import { asAlreadyInvoiced, assertCompanyProducts, repeatsPeriod } from './invoice-once.ts';
import { invoiceTotals, type LineTotals, lineTotals } from './invoice-totals.ts';
import { assertMedicalAccount } from './medical-account.ts';

export type Actor = Pick<Principal, 'companyId' | 'userId'>;

/** A line before its VAT is worked out. */
export interface DraftLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  productId?: number | null | undefined;
  clientProductId?: number | null | undefined;
  billingPlanId?: number | null | undefined;
  /** Medical accounts: from the product or appointment type, or given with a free line. */
  tariffCode?: string | null | undefined;
}

export interface NewInvoice {
  clientId: number;
  invoiced?: string | undefined;
  due?: string | undefined;
  /** Y or N (true or false from a path); checked after the client, so a foreign id answers 404 first. */
  useTaxRate?: string | undefined;
  lines: DraftLine[];
  clientProductId?: number | null | undefined;
  billingPlanId?: number | null | undefined;
  billingRunId?: number | null | undefined;
  /** First day of the billed period (billing runs): one invoice per client product and period. */
  billingPeriod?: string | null | undefined;
  practitionerId?: number | null | undefined;
  appointmentId?: number | null | undefined;
  notes?: string | null | undefined;
  draft?: boolean | undefined;
  /** The user confirmed a repeat of a client product already invoiced for the month. */
  invoiceAgain?: boolean | undefined;
}

/** Spec section 2: Create Invoice needs enableInvoicing not N; the view (basic or advanced) is a menu rule. */
export function assertMayInvoice(principal: Principal, company: Pick<BillingCompany, 'type'>) {
  const ok = mayUseRowAction('createInvoice', {
    companyType: company.type,
    roles: principal.roles,
    enableInvoicing: principal.enableInvoicing,
  });
  if (!ok) throw new ForbiddenError('Invoicing is not enabled for your user.');
}

const FLAGS: Record<string, YesNo> = { Y: 'Y', y: 'Y', true: 'Y', N: 'N', n: 'N', false: 'N' };

/**
 * The tax choice (Y or N; a path part may also say true or false): Y only for a tax-registered company; by
 * default the company's taxRegistered value.
 */
export function taxChoice(company: BillingCompany, useTaxRate: string | undefined): YesNo {
  const choice = useTaxRate === undefined ? company.taxRegistered : FLAGS[useTaxRate];
  const invalid = (message: string) =>
    new ValidationError('Some fields are not valid.', [{ path: 'useTaxRate', message }]);
  if (!choice) throw invalid('The use-tax-rate choice is Y or N.');
  if (choice === 'Y' && company.taxRegistered !== 'Y') {
    throw invalid('The company is not tax registered: the tax rate cannot be used.');
  }
  return choice;
}

export function pricedLines(lines: readonly DraftLine[], vatRateBps: number): (LineInsert & LineTotals)[] {
  return lines.map((line, index) => ({
    position: index + 1,
    productId: line.productId ?? null,
    clientProductId: line.clientProductId ?? null,
    billingPlanId: line.billingPlanId ?? null,
    description: line.description,
    tariffCode: line.tariffCode?.trim() || null,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    ...lineTotals(line, vatRateBps),
  }));
}

/**
 * Creates one invoice in the caller's transaction and returns its id: numbered (gapless) unless a draft,
 * billed to the client's billing client, VAT per line, audited. Billing runs call this too.
 */
export async function createInvoice(tx: Tx, actor: Actor, input: NewInvoice): Promise<number> {
  const company = await billingCompany(tx, actor.companyId);
  const client = mustExist(await findBillableClient(tx, actor.companyId, input.clientId), 'Client');
  if (input.practitionerId) mustExist(await findUserId(tx, actor.companyId, input.practitionerId), 'User');
  if (input.lines.length === 0) throw new ValidationError('An invoice needs at least one line.');
  await assertCompanyProducts(tx, actor.companyId, input.lines);
  const useTaxRate = taxChoice(company, input.useTaxRate);
  const lines = pricedLines(input.lines, useTaxRate === 'Y' ? company.vatRateBps : 0);
  const totals = invoiceTotals(lines);
  const terms = await billingTerms(tx, actor.companyId);
  const invoiced = input.invoiced ?? company.today;
  const due = input.due ?? addDaysIso(invoiced, terms.paymentTermsDays);
  if (due < invoiced) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.due', message: 'The due date cannot be before the invoiced date.' },
    ]);
  }
  const practitionerId = input.practitionerId ?? actor.userId;
  await assertMedicalAccount(
    tx,
    company,
    {
      clientId: client.id,
      practitionerId,
      appointmentId: input.appointmentId ?? null,
      clientProductId: input.clientProductId ?? null,
      billingPlanId: input.billingPlanId ?? null,
      invoiced,
    },
    lines,
  );
  // A client product's invoice bills the invoiced date's month, as a billing run's does.
  const billingPeriod = input.billingPeriod ?? (input.clientProductId ? monthStart(invoiced) : null);
  const invoicedAgain =
    input.clientProductId && !input.billingRunId && billingPeriod
      ? await repeatsPeriod(tx, {
          companyId: actor.companyId,
          clientProductId: input.clientProductId,
          period: billingPeriod,
          invoiceAgain: input.invoiceAgain === true,
        })
      : false;
  // Taken last, so the settings row is locked for as short a time as the transaction allows.
  const number = input.draft ? null : await takeInvoiceNumber(tx, actor.companyId);
  const inserted = await insertInvoiceRow(tx, {
    companyId: actor.companyId,
    number,
    clientId: client.id,
    billToClientId: client.billToClientId,
    affiliateClientId: client.affiliateClientId,
    practitionerId,
    appointmentId: input.appointmentId ?? null,
    clientProductId: input.clientProductId ?? null,
    billingPlanId: input.billingPlanId ?? null,
    billingRunId: input.billingRunId ?? null,
    billingPeriod,
    invoicedAgain,
    status: input.draft ? 'draft' : 'active',
    invoiced,
    due,
    useTaxRate,
    currency: company.currency,
    ...totals,
    notes: input.notes ?? null,
    createdBy: actor.userId,
    issuedAt: input.draft ? null : new Date(),
  }).catch((error: unknown) => Promise.reject(asAlreadyInvoiced(error)));
  const id = mustExist(inserted, 'Invoice');
  await writeLines(tx, actor.companyId, id, lines);
  // An issued invoice of a product a recall type names starts the client's recall (a draft when issued).
  if (!input.draft) await recallsForInvoice(tx, actor.companyId, id, actor.userId);
  const label = invoiceReference(terms.invoicePrefix, number) ?? `draft ${id}`;
  await recordAudit(tx, actor, {
    subProcess: 'Billing Management',
    clientId: client.id,
    action: 'invoice.create',
    description: `Created invoice ${label} for ${client.name}: ${formatMoney(totals.totalCents, company.currency)}.${invoicedAgain ? ` Invoiced again for ${billingPeriod?.slice(0, 7)}: confirmed by the user.` : ''}`,
    changes: {
      invoiceId: id,
      number,
      ...totals,
      useTaxRate,
      ...(invoicedAgain ? { invoicedAgain, billingPeriod } : {}),
    },
  });
  return id;
}

/** The line a client product bills: its own premium, described by its name and unique number. */
export async function clientProductLine(
  tx: Tx,
  companyId: number,
  clientProductId: number,
  clientId: number,
): Promise<DraftLine> {
  const found = await findBillableClientProduct(tx, companyId, clientProductId);
  // Another client's product answers like a missing one.
  const product = mustExist(found?.clientId === clientId ? found : undefined, 'Client product');
  return {
    description: `${product.name} (${product.uniqueId})`,
    quantity: 1,
    unitPriceCents: product.premium,
    productId: product.productId,
    clientProductId: product.id,
    billingPlanId: product.billingPlanId,
    tariffCode: product.tariffCode,
  };
}

/** Invoices one client product (tab 17, and what a billing run calls for each product and period). */
export async function invoiceClientProduct(
  tx: Tx,
  actor: Actor,
  input: Omit<NewInvoice, 'lines' | 'clientProductId'> & {
    clientProductId: number;
    extraLines?: DraftLine[];
  },
): Promise<number> {
  const line = await clientProductLine(tx, actor.companyId, input.clientProductId, input.clientId);
  return createInvoice(tx, actor, {
    ...input,
    clientProductId: line.clientProductId,
    billingPlanId: line.billingPlanId,
    lines: [line, ...(input.extraLines ?? [])],
  });
}
