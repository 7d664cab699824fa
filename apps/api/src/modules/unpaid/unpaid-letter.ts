import { formatMoney, type UnpaidNotice, type UnpaidType, unpaidTypeName } from '@pd/contracts';
import { pdfBuffer } from '../invoices/invoice-pdf.ts';
import type { LetterClient } from './unpaid.queries.ts';

/** Heading and body of each notice type; the wording escalates G → F → S → L; M and C stand apart. */
export const LETTER_WORDING: Record<UnpaidType, { heading: string; body: (amount: string) => string[] }> = {
  G: {
    heading: 'Friendly reminder',
    body: (a) => [
      `Our records show an amount of ${a} outstanding on your account. This may simply have been overlooked.`,
      'We would be grateful if you could settle it at your convenience, or let us know if you have already paid.',
    ],
  },
  F: {
    heading: 'First notice of overdue account',
    body: (a) => [
      `Your account is overdue: ${a} remains unpaid after its due date.`,
      'Please pay the amount within 14 days of this notice, or contact us to arrange payment.',
    ],
  },
  S: {
    heading: 'Final notice before legal action',
    body: (a) => [
      `Despite earlier reminders, ${a} remains unpaid on your account.`,
      'This is our final notice. Unless the full amount is paid within 7 days, we will hand the account over for collection and legal action without further notice.',
    ],
  },
  L: {
    heading: 'Notice of litigation',
    body: (a) => [
      `The amount of ${a} on your account remains unpaid despite our final notice.`,
      'The account has been handed over for legal action. Legal and collection costs may be added to what you owe. Contact us immediately if you wish to settle the matter.',
    ],
  },
  M: {
    heading: 'Member liable: amount not paid by your medical scheme',
    body: (a) => [
      `Your medical scheme has not paid ${a} of your account. As the main member you are liable for this amount.`,
      'Please pay it within 30 days, or send us proof that your scheme has paid it.',
    ],
  },
  C: {
    heading: 'Account written off',
    body: (a) => [
      `The amount of ${a} outstanding on your account has been written off internally.`,
      'No further payment of this amount will be requested. Future services may require payment in advance.',
    ],
  },
};

export interface LetterInput {
  companyName: string;
  notice: Pick<
    UnpaidNotice,
    'id' | 'unpaidType' | 'amountOutstandingCents' | 'currency' | 'created' | 'invoices'
  >;
  client: LetterClient;
}

export const letterFileName = (noticeId: number) => `unpaid-notice-${noticeId}.pdf`;

/** The notice letter: company, date, client address, the type's wording, the invoices named, the amount. */
export function renderLetter({ companyName, notice, client }: LetterInput): Promise<Buffer> {
  const wording = LETTER_WORDING[notice.unpaidType];
  const money = (cents: number) => formatMoney(cents, notice.currency);
  return pdfBuffer((doc) => {
    doc.font('Helvetica-Bold').fontSize(14).text(companyName);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Date: ${notice.created.slice(0, 10)}`);
    doc.text(`Notice number: ${notice.id}`);
    doc.moveDown();
    doc.text(client.name);
    for (const line of client.address) doc.text(line);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).text(wording.heading);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Notice type: ${notice.unpaidType} (${unpaidTypeName(notice.unpaidType)})`);
    doc.moveDown();
    doc.fontSize(10).text(`Dear ${client.name},`);
    doc.moveDown(0.5);
    for (const paragraph of wording.body(money(notice.amountOutstandingCents))) {
      doc.text(paragraph, { width: 495 });
      doc.moveDown(0.5);
    }
    if (notice.invoices.length > 0) {
      doc.moveDown(0.5).font('Helvetica-Bold').text('Invoices');
      doc.font('Helvetica');
      for (const i of notice.invoices) {
        doc.text(
          `${i.reference ?? `Invoice ${i.invoiceId}`}  due ${i.due}  outstanding ${money(i.outstandingCents)}`,
        );
      }
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Amount: ${money(notice.amountOutstandingCents)}`);
    doc.moveDown().font('Helvetica').text('Yours faithfully,');
    doc.text(companyName);
  }, `${wording.heading} ${notice.id}`);
}
