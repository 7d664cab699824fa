import { pdfBuffer } from '../invoices/invoice-pdf.ts';

/** A report as one table on A4 pages: what the PDF renderer draws for the month-by-month reports. */
export interface TablePdf {
  title: string;
  company: string;
  /** Lines under the title: the range, the filters, the currency. */
  notes: string[];
  columns: { header: string; align?: 'right' }[];
  rows: string[][];
  /** Drawn bold, last. */
  total?: string[];
  /** Said instead of rows when there are none. */
  empty: string;
}

const LEFT = 50;
const TOP = 50;
const BOTTOM = 770;
const WIDTH = 495;
const FIRST_SHARE = 0.22;

/** The table with its header repeated on each page; the first column is wider, the rest share what is left. */
export function renderTablePdf(table: TablePdf): Promise<Buffer> {
  return pdfBuffer((doc) => {
    const first = table.columns.length > 1 ? WIDTH * FIRST_SHARE : WIDTH;
    const rest = table.columns.length > 1 ? (WIDTH - first) / (table.columns.length - 1) : 0;
    const x = (i: number) => (i === 0 ? LEFT : LEFT + first + (i - 1) * rest);
    const width = (i: number) => (i === 0 ? first - 4 : rest - 2);
    const cells = (values: string[]) => {
      for (const [i, value] of values.entries()) {
        doc.text(value, x(i), y, {
          width: width(i),
          align: table.columns[i]?.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
      }
    };
    doc.font('Helvetica-Bold').fontSize(18).text(table.title, LEFT, TOP);
    doc.fontSize(12).text(table.company);
    doc.font('Helvetica').fontSize(10);
    for (const note of table.notes) doc.text(note);
    doc.moveDown();
    let y = doc.y;
    const header = () => {
      doc.font('Helvetica-Bold').fontSize(8);
      cells(table.columns.map((c) => c.header));
      doc.font('Helvetica');
      y += 14;
    };
    const line = (values: string[]) => {
      if (y + 12 > BOTTOM) {
        doc.addPage();
        y = TOP;
        header();
      }
      doc.fontSize(8);
      cells(values);
      y += 12;
    };
    header();
    if (table.rows.length === 0) line([table.empty]);
    for (const row of table.rows) line(row);
    if (table.total) {
      doc.font('Helvetica-Bold');
      line(table.total);
    }
  }, `${table.title} ${table.company}`);
}
