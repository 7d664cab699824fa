import type { InvoiceDetail } from '@pd/contracts';
import { formatMoney } from '@pd/contracts';
import type { BillingCompany } from './invoice-context.ts';
import { formatRate, vatByRate } from './invoice-totals.ts';
import type { MedicalAccount } from './medical-account.ts';
import { drawMedicalAccount } from './medical-account-pdf.ts';

export interface Party {
  name: string;
  address: string[];
  email: string | null;
  taxNumber: string | null;
}

export interface InvoiceDocument {
  company: Pick<BillingCompany, 'name' | 'taxRegistered' | 'vatNumber' | 'country' | 'currency'>;
  invoice: InvoiceDetail;
  billTo: Party;
  /** The client the invoice is for, when someone else (the billing client) pays it. */
  patient: Party | null;
  /** Road Accident Fund claims carry the RAF link number (client configuration). */
  rafLinkNumber: string | null;
  /** A type H company's invoice is a medical account: claim details, and a tariff code per line. */
  medical: MedicalAccount | null;
}

const MARGIN = 50;
const WIDTH = 495; // A4 width less the margins
const COLUMNS = { description: 50, quantity: 300, unit: 345, rate: 415, amount: 465 } as const;
/** A medical account's lines start with the tariff code, the description beside it. */
const TARIFF_WIDTH = 55;

type PdfKit = { default: new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument };
let pdfkit: Promise<PdfKit> | undefined;

/** Collects a pdfkit document into one Buffer. pdfkit (about 20 MB resident) loads with the first PDF. */
export async function pdfBuffer(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  pdfkit ??= import('pdfkit') as unknown as Promise<PdfKit>;
  const { default: PDFDocument } = await pdfkit;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title }, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function party(doc: PDFKit.PDFDocument, heading: string, p: Party, x: number, y: number, vatLabel: string) {
  doc.font('Helvetica-Bold').fontSize(9).text(heading, x, y, { width: 240 });
  doc.font('Helvetica').fontSize(10).text(p.name, { width: 240 });
  for (const line of p.address) doc.text(line, { width: 240 });
  if (p.email) doc.text(p.email, { width: 240 });
  if (p.taxNumber) doc.text(`${vatLabel}: ${p.taxNumber}`, { width: 240 });
}

function row(
  doc: PDFKit.PDFDocument,
  y: number,
  cells: [string, string, string, string, string],
  bold = false,
  tariff?: string,
) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let after = y;
  if (tariff === undefined) {
    doc.text(cells[0], COLUMNS.description, y, { width: 240 });
  } else {
    doc.text(tariff, COLUMNS.description, y, { width: TARIFF_WIDTH - 5 });
    after = doc.y;
    doc.text(cells[0], COLUMNS.description + TARIFF_WIDTH, y, { width: 240 - TARIFF_WIDTH });
  }
  after = Math.max(after, doc.y);
  doc.text(cells[1], COLUMNS.quantity, y, { width: 40, align: 'right' });
  doc.text(cells[2], COLUMNS.unit, y, { width: 65, align: 'right' });
  doc.text(cells[3], COLUMNS.rate, y, { width: 45, align: 'right' });
  doc.text(cells[4], COLUMNS.amount, y, { width: 80, align: 'right' });
  return Math.max(after, doc.y) + 4;
}

function totalLine(doc: PDFKit.PDFDocument, y: number, label: string, amount: string, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(label, 300, y, { width: 160, align: 'right' });
  doc.text(amount, COLUMNS.amount, y, { width: 80, align: 'right' });
  return y + 16;
}

/** A tax invoice (when the company is tax registered) or an invoice: parties, lines, VAT per rate, totals. */
export function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const { company, invoice } = d;
  const taxInvoice = company.taxRegistered === 'Y';
  const vatLabel = company.country === 'UK' ? 'VAT number' : 'VAT registration number';
  const title = `${taxInvoice ? 'Tax invoice' : 'Invoice'} ${invoice.reference ?? 'draft'}`;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return pdfBuffer((doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(taxInvoice ? 'Tax invoice' : 'Invoice', MARGIN, MARGIN);
    doc.font('Helvetica-Bold').fontSize(12).text(company.name);
    doc.font('Helvetica').fontSize(10);
    if (taxInvoice && company.vatNumber) doc.text(`${vatLabel}: ${company.vatNumber}`);
    doc.text(`Invoice number: ${invoice.reference ?? 'DRAFT (not issued)'}`, 330, MARGIN, { width: 215 });
    doc.text(`Invoice date: ${invoice.invoiced}`, { width: 215 });
    doc.text(`Due date: ${invoice.due}`, { width: 215 });
    if (invoice.status === 'cancelled') doc.font('Helvetica-Bold').text('CANCELLED', { width: 215 });
    const top = 140;
    party(doc, 'Bill to', d.billTo, MARGIN, top, vatLabel);
    const leftEnd = doc.y;
    if (d.patient) party(doc, 'For client', d.patient, 300, top, vatLabel);
    let y = Math.max(leftEnd, doc.y) + 8;
    if (d.rafLinkNumber) {
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(`Road Accident Fund link number: ${d.rafLinkNumber}`, MARGIN, y);
      y = doc.y + 8;
    }
    if (d.medical) y = drawMedicalAccount(doc, d.medical, MARGIN, y);
    const tariffHeading = d.medical ? 'Tariff' : undefined;
    const heading = ['Description', 'Qty', 'Unit price', taxInvoice ? 'VAT' : '', 'Amount'] as const;
    y = row(doc, y + 10, [...heading], true, tariffHeading);
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .stroke();
    for (const line of invoice.lines) {
      if (y > 720) {
        doc.addPage();
        y = MARGIN;
      }
      y = row(
        doc,
        y + 2,
        [
          line.description,
          String(line.quantity),
          formatMoney(line.unitPriceCents, invoice.currency, 'none'),
          taxInvoice ? formatRate(line.vatRateBps) : '',
          formatMoney(line.netCents, invoice.currency, 'none'),
        ],
        false,
        d.medical ? (line.tariffCode ?? '') : undefined,
      );
    }
    if (y > 640) {
      doc.addPage();
      y = MARGIN;
    }
    y += 10;
    y = totalLine(doc, y, 'Subtotal (excl. VAT)', money(invoice.subtotalCents));
    for (const r of taxInvoice ? vatByRate(invoice.lines) : []) {
      y = totalLine(
        doc,
        y,
        `VAT at ${formatRate(r.vatRateBps)} on ${formatMoney(r.netCents, invoice.currency, 'none')}`,
        money(r.vatCents),
      );
    }
    y = totalLine(doc, y, 'Total', money(invoice.totalCents), true);
    if (invoice.paidCents > 0) y = totalLine(doc, y, 'Paid', money(invoice.paidCents));
    totalLine(doc, y, 'Amount due', money(invoice.outstandingCents), true);
    if (invoice.notes)
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(invoice.notes, MARGIN, doc.y + 20, { width: WIDTH });
  }, title);
}
