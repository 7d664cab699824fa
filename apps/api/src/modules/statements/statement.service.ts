import type { Statement, StatementEntry, StatementRequest } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { queueDocumentEmail } from '../invoices/document-email.ts';
import type { Actor } from '../invoices/invoice.service.ts';
import type { BillingCompany } from '../invoices/invoice-context.ts';
import { formatCents, todayIn } from '../invoices/invoice-totals.ts';
import {
  accountAgeing,
  accountBalances,
  periodInvoices,
  periodPayments,
  type StatementClient,
  statementClient,
} from './statement.queries.ts';
import { renderStatementPdf } from './statement-pdf.ts';

/**
 * The day an instant falls on in the company's time zone: the screen sends start 00:00:00 and end 23:59:59
 * local, converted to UTC, so these are exactly the days chosen. A plain date is taken as it is.
 */
export const localDay = (value: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayIn(timeZone, new Date(value));

export function statementPeriod(request: StatementRequest, timeZone: string) {
  const startDate = localDay(request.startDate, timeZone);
  const endDate = localDay(request.endDate, timeZone);
  if (endDate < startDate) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.endDate', message: 'The end date cannot be before the start date.' },
    ]);
  }
  return { startDate, endDate };
}

/** Detailed rows: invoices (debit) and payments (credit) by date, invoices first on a day, with the balance. */
async function entries(tx: Tx, clientId: number, start: string, end: string, opening: number) {
  const invoices = await periodInvoices(tx, clientId, start, end);
  const payments = await periodPayments(tx, clientId, start, end);
  const rows: Omit<StatementEntry, 'balanceCents'>[] = [
    ...invoices.map((i) => ({
      date: i.invoiced,
      kind: 'invoice' as const,
      reference: i.reference,
      description: `Invoice, due ${i.due}`,
      debitCents: i.totalCents,
      creditCents: 0,
      lines: i.lines,
    })),
    ...payments.map((p) => ({
      date: p.date,
      kind: 'payment' as const,
      reference: p.invoiceReference,
      description: `${p.method === 'write_off' ? 'Written off' : `Payment (${p.method})`}${p.reference ? `: ${p.reference}` : ''}`,
      debitCents: 0,
      creditCents: p.amountCents,
      lines: [],
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1));
  let balance = opening;
  return rows.map((row) => {
    balance += row.debitCents - row.creditCents;
    return { ...row, balanceCents: balance };
  });
}

export async function buildStatement(
  tx: Tx,
  company: BillingCompany,
  clientId: number,
  request: StatementRequest,
): Promise<{ statement: Statement; client: StatementClient }> {
  const client = await statementClient(tx, clientId);
  if (!client) throw new NotFoundError('Client');
  const { startDate, endDate } = statementPeriod(request, company.timeZone);
  const balances = await accountBalances(tx, clientId, startDate, endDate);
  const statement: Statement = {
    clientId,
    clientName: client.name,
    type: request.type,
    startDate,
    endDate,
    currency: company.currency,
    openingBalanceCents: balances.openingCents,
    invoicedCents: balances.invoicedCents,
    paidCents: balances.paidCents,
    closingBalanceCents: balances.openingCents + balances.invoicedCents - balances.paidCents,
    ageing: await accountAgeing(tx, clientId, endDate),
    entries:
      request.type === 'D' ? await entries(tx, clientId, startDate, endDate, balances.openingCents) : [],
  };
  return { statement, client };
}

/** E-mails the statement PDF ({clientId}.statement.pdf) to the client through the messaging outbox. */
export async function emailStatement(
  tx: Tx,
  actor: Actor,
  company: BillingCompany,
  clientId: number,
  request: StatementRequest,
): Promise<number> {
  const { statement, client } = await buildStatement(tx, company, clientId, request);
  const pdf = await renderStatementPdf(company, client, statement);
  const period = `${statement.startDate} to ${statement.endDate}`;
  const balance = `${statement.currency} ${formatCents(statement.closingBalanceCents)}`;
  return queueDocumentEmail(tx, actor, {
    clientId,
    subject: `Statement of account from ${company.name}, ${period}`,
    content: [
      `Dear ${client.name},`,
      '',
      `Please find your statement for ${period} attached: the balance is ${balance}.`,
      '',
      company.name,
    ].join('\n'),
    fileName: statementFileName(clientId),
    pdf,
    audit: {
      subProcess: 'Billing Management',
      action: 'statement.email',
      description: `Statement (${statement.type === 'D' ? 'detailed' : 'compact'}) for ${period}, balance ${balance}.`,
      changes: { type: statement.type, startDate: statement.startDate, endDate: statement.endDate },
    },
  });
}

export const statementFileName = (clientId: number) => `${clientId}.statement.pdf`;
