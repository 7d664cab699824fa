import type { DebtorsReport, Statement } from '@pd/contracts';
import { type FormSubmissionDocument, renderFormSubmissionPdf } from '../../modules/forms/form-pdf.ts';
import type { BillingCompany } from '../../modules/invoices/invoice-context.ts';
import { type InvoiceDocument, renderInvoicePdf } from '../../modules/invoices/invoice-pdf.ts';
import { renderDebtorsPdf } from '../../modules/reports/debtors-pdf.ts';
import { renderTablePdf, type TablePdf } from '../../modules/reports/table-pdf.ts';
import type { StatementClient } from '../../modules/statements/statement.queries.ts';
import { renderStatementPdf } from '../../modules/statements/statement-pdf.ts';
import { type LetterInput, renderLetter } from '../../modules/unpaid/unpaid-letter.ts';

/** Everything a PDF is drawn from, read by the request beforehand: the renderer runs no SQL. */
export type PdfJob =
  | { kind: 'invoice'; document: InvoiceDocument }
  | {
      kind: 'statement';
      company: Pick<BillingCompany, 'name' | 'vatNumber' | 'taxRegistered'>;
      client: StatementClient;
      statement: Statement;
    }
  | { kind: 'letter'; letter: LetterInput }
  | { kind: 'debtors'; company: { name: string }; report: DebtorsReport }
  | { kind: 'table'; table: TablePdf }
  | { kind: 'formSubmission'; document: FormSubmissionDocument };

/** What the renderer process answers for one job. */
export type PdfAnswer = { ok: true; pdf: Uint8Array } | { ok: false; error: string };

/** Data in, PDF bytes out (in the renderer process, pdf-worker.ts). */
export function renderPdfJob(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'invoice':
      return renderInvoicePdf(job.document);
    case 'statement':
      return renderStatementPdf(job.company, job.client, job.statement);
    case 'letter':
      return renderLetter(job.letter);
    case 'debtors':
      return renderDebtorsPdf(job.company, job.report);
    case 'table':
      return renderTablePdf(job.table);
    case 'formSubmission':
      return renderFormSubmissionPdf(job.document);
  }
}
