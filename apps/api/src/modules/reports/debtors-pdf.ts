import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type DebtorsReport, formatMoney } from '@pd/contracts';
import { pdfBuffer } from '../invoices/invoice-pdf.ts';

const LEFT = 50;
const TOP = 50;
const BOTTOM = 770;
const NAME_WIDTH = 150;
const AMOUNT_WIDTH = 57;

/** The debtors' age analysis: a row per client with its buckets, the total row last (A4, pages as needed). */
export function renderDebtorsPdf(company: { name: string }, report: DebtorsReport): Promise<Buffer> {
  const amount = (cents: number) => formatMoney(cents, report.currency, 'none');
  return pdfBuffer((doc) => {
    const text = (value: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') =>
      doc.text(value, x, y, { width, align, lineBreak: false, ellipsis: true });
    const columnX = (i: number) => LEFT + NAME_WIDTH + i * (AMOUNT_WIDTH + 1);
    doc.font('Helvetica-Bold').fontSize(18).text("Debtors' age analysis", LEFT, TOP);
    doc.fontSize(12).text(company.name);
    doc.font('Helvetica').fontSize(10);
    doc.text(`As at ${report.asAt}; amounts in ${report.currency}, by days past the due date.`);
    doc.moveDown();
    let y = doc.y;
    const header = () => {
      doc.font('Helvetica-Bold').fontSize(9);
      text('Client', LEFT, y, NAME_WIDTH);
      for (const [i, b] of AGEING_BUCKETS.entries())
        text(AGEING_BUCKET_LABELS[b], columnX(i), y, AMOUNT_WIDTH, 'right');
      text('Total', columnX(AGEING_BUCKETS.length), y, AMOUNT_WIDTH, 'right');
      doc.font('Helvetica');
      y += 14;
    };
    const line = (name: string, row: DebtorsReport['totals'] | DebtorsReport['rows'][number]) => {
      if (y + 12 > BOTTOM) {
        doc.addPage();
        y = TOP;
        header();
      }
      doc.fontSize(9);
      text(name, LEFT, y, NAME_WIDTH - 4);
      for (const [i, b] of AGEING_BUCKETS.entries())
        text(amount(row[b]), columnX(i), y, AMOUNT_WIDTH, 'right');
      text(amount(row.totalCents), columnX(AGEING_BUCKETS.length), y, AMOUNT_WIDTH, 'right');
      y += 12;
    };
    header();
    if (report.rows.length === 0) {
      text('Nothing was outstanding.', LEFT, y, 300);
      y += 12;
    }
    for (const row of report.rows) line(row.clientName, row);
    doc.font('Helvetica-Bold');
    line(`Total (${report.totals.clients} clients)`, report.totals);
  }, `Debtors' age analysis ${company.name} as at ${report.asAt}`);
}
