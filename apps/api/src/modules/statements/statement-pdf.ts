import type { Statement } from '@pd/contracts';
import { formatMoney } from '@pd/contracts';
import type { BillingCompany } from '../invoices/invoice-context.ts';
import { pdfBuffer } from '../invoices/invoice-pdf.ts';
import type { StatementClient } from './statement.queries.ts';

const LEFT = 50;
const BOTTOM = 770;
const COLS = { date: 50, reference: 115, description: 195, debit: 345, credit: 415, balance: 480 } as const;

/** A statement of account: compact (C) totals and ageing, or detailed (D) with every entry and line. */
export function renderStatementPdf(
  company: Pick<BillingCompany, 'name' | 'vatNumber' | 'taxRegistered'>,
  client: StatementClient,
  s: Statement,
): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, s.currency);
  const amount = (cents: number) => formatMoney(cents, s.currency, 'none');
  return pdfBuffer((doc) => {
    const text = (value: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') =>
      doc.text(value, x, y, { width, align, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(18).text('Statement of account', LEFT, LEFT);
    doc.fontSize(12).text(company.name);
    doc.font('Helvetica').fontSize(10);
    if (company.taxRegistered === 'Y' && company.vatNumber) doc.text(`VAT number: ${company.vatNumber}`);
    doc.text(`Period: ${s.startDate} to ${s.endDate}`);
    doc.text(s.type === 'D' ? 'Detailed statement' : 'Compact statement');
    doc.moveDown();
    doc.font('Helvetica-Bold').text(client.name);
    doc.font('Helvetica');
    for (const line of client.address) doc.text(line);
    doc.moveDown();
    let y = doc.y;
    const summary: [string, number][] = [
      ['Opening balance', s.openingBalanceCents],
      ['Invoiced in the period', s.invoicedCents],
      ['Paid in the period', s.paidCents],
      ['Closing balance', s.closingBalanceCents],
    ];
    for (const [label, cents] of summary) {
      doc.font(label === 'Closing balance' ? 'Helvetica-Bold' : 'Helvetica');
      text(label, LEFT, y, 250);
      text(money(cents), 300, y, 120, 'right');
      y += 15;
    }
    y += 10;
    doc.font('Helvetica-Bold');
    const ageing: [string, number][] = [
      ['Current', s.ageing.current],
      ['30 days', s.ageing.days30],
      ['60 days', s.ageing.days60],
      ['90 days', s.ageing.days90],
      ['120+ days', s.ageing.days120],
    ];
    for (const [i, [label]] of ageing.entries()) text(label, LEFT + i * 99, y, 95, 'right');
    y += 14;
    doc.font('Helvetica');
    for (const [i, [, cents]] of ageing.entries()) text(amount(cents), LEFT + i * 99, y, 95, 'right');
    y += 30;
    if (s.type !== 'D') return;
    const header = () => {
      doc.font('Helvetica-Bold').fontSize(9);
      text('Date', COLS.date, y, 60);
      text('Reference', COLS.reference, y, 80);
      text('Description', COLS.description, y, 150);
      text('Debit', COLS.debit, y, 65, 'right');
      text('Credit', COLS.credit, y, 60, 'right');
      text('Balance', COLS.balance, y, 65, 'right');
      doc.font('Helvetica');
      y += 14;
    };
    const room = (needed: number) => {
      if (y + needed <= BOTTOM) return;
      doc.addPage();
      y = LEFT;
      header();
    };
    header();
    text('Opening balance', COLS.description, y, 150);
    text(amount(s.openingBalanceCents), COLS.balance, y, 65, 'right');
    y += 12;
    for (const e of s.entries) {
      room(12 + e.lines.length * 11);
      doc.fontSize(9);
      text(e.date, COLS.date, y, 60);
      text(e.reference, COLS.reference, y, 80);
      text(e.description, COLS.description, y, 150);
      if (e.debitCents) text(amount(e.debitCents), COLS.debit, y, 65, 'right');
      if (e.creditCents) text(amount(e.creditCents), COLS.credit, y, 60, 'right');
      text(amount(e.balanceCents), COLS.balance, y, 65, 'right');
      y += 12;
      doc.fontSize(8);
      for (const l of e.lines) {
        text(`${l.quantity} × ${l.description}`, COLS.description + 8, y, 200);
        text(amount(l.netCents + l.vatCents), COLS.debit, y, 65, 'right');
        y += 11;
      }
    }
    room(14);
    doc.font('Helvetica-Bold').fontSize(9);
    text('Closing balance', COLS.description, y, 150);
    text(amount(s.closingBalanceCents), COLS.balance, y, 65, 'right');
  }, `Statement ${client.name} ${s.startDate} to ${s.endDate}`);
}
