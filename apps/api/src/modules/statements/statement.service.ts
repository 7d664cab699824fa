import type { ClientAccount, Statement, StatementEntry, StatementRequest } from '@pd/contracts';
import { formatMoney, wallClockOf } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { PdfJob, PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { findRecipient, queueDocumentEmailOnce } from '../invoices/document-email.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import { type DeliveryPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import {
  accountAgeing,
  accountBalances,
  accountOwed,
  lastPayment,
  periodInvoices,
  periodPayments,
  type StatementClient,
  statementClient,
} from './statement.queries.ts';

/**
 * The day an instant falls on in the company's time zone: the screen sends start 00:00:00 and end 23:59:59
 * local, converted to UTC, so these are exactly the days chosen. A plain date is taken as it is.
 */
export const localDay = (value: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : wallClockOf(value, timeZone).date;

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
async function entries(
  tx: Tx,
  account: { companyId: number; clientId: number },
  start: string,
  end: string,
  opening: number,
) {
  const { companyId, clientId } = account;
  const invoices = await periodInvoices(tx, companyId, clientId, start, end);
  const payments = await periodPayments(tx, companyId, clientId, start, end);
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
  const client = mustExist(await statementClient(tx, company.id, clientId), 'Client');
  const { startDate, endDate } = statementPeriod(request, company.timeZone);
  const balances = await accountBalances(tx, company.id, clientId, startDate, endDate);
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
    ageing: await accountAgeing(tx, company.id, clientId, endDate),
    entries:
      request.type === 'D'
        ? await entries(tx, { companyId: company.id, clientId }, startDate, endDate, balances.openingCents)
        : [],
  };
  return { statement, client };
}

/** The statement as data (spec section 7, Statements). */
export const statementOf = (scope: Scope, clientId: number, request: StatementRequest) =>
  inBillingCompany(
    scope,
    async (tx, company) => (await buildStatement(tx, company, clientId, request)).statement,
  );

/** Issue 13, the client record: what the client owes now and its last payment (404 for no such client). */
export const clientAccountOf = (scope: Scope, clientId: number): Promise<ClientAccount> =>
  inBillingCompany(scope, async (tx, company) => {
    mustExist(await statementClient(tx, company.id, clientId), 'Client');
    const owed = await accountOwed(tx, company.id, clientId, company.today);
    const payment = await lastPayment(tx, company.id, clientId);
    return { clientId, currency: company.currency, ...owed, lastPayment: payment ?? null };
  });

/** What the renderer draws a statement from (statement-pdf.ts). */
const statementJob = (
  { name, vatNumber, taxRegistered }: BillingCompany,
  { statement, client }: { statement: Statement; client: StatementClient },
): PdfJob => ({ kind: 'statement', company: { name, vatNumber, taxRegistered }, client, statement });

/** The statement as a PDF: read in the tenant transaction, drawn once it has ended, off the request thread. */
export async function statementPdf(
  scope: Scope,
  renderer: PdfRenderer,
  clientId: number,
  request: StatementRequest,
): Promise<Buffer> {
  const job = await inBillingCompany(scope, async (tx, company) =>
    statementJob(company, await buildStatement(tx, company, clientId, request)),
  );
  return renderer.render(job, scope.principal.companyId);
}

/**
 * E-mails the statement PDF ({clientId}.statement.pdf) to the client through the messaging outbox; its
 * delivery is enqueued once the message is committed. Answers the message id.
 */
export async function emailStatement(
  scope: Scope,
  publisher: DeliveryPublisher,
  renderer: PdfRenderer,
  clientId: number,
  request: StatementRequest,
  idempotencyKey?: string,
): Promise<number> {
  const { messageId, repeated } = await inBillingCompany(scope, async (tx, company) => {
    const built = await buildStatement(tx, company, clientId, request);
    const { statement, client } = built;
    // Attached to the message in this transaction: drawn off the request thread while it waits.
    const pdf = await renderer.render(statementJob(company, built), company.id);
    const period = `${statement.startDate} to ${statement.endDate}`;
    const balance = formatMoney(statement.closingBalanceCents, statement.currency);
    return queueDocumentEmailOnce(
      tx,
      scope.principal,
      {
        to: await findRecipient(tx, company.id, clientId),
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
      },
      idempotencyKey,
    );
  });
  if (!repeated) await publisher.enqueue([messageId], PRIORITY.single);
  return messageId;
}

export const statementFileName = (clientId: number) => `${clientId}.statement.pdf`;
