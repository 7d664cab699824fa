import type { FormShownAnswer } from '@pd/contracts';
import { pdfBuffer } from '../invoices/invoice-pdf.ts';

/** Everything the submission's PDF shows, read from the sealed row beforehand (the renderer runs no SQL). */
export interface FormSubmissionDocument {
  practiceName: string;
  formName: string;
  version: number;
  clientName: string;
  submissionId: number;
  /** In the company's time zone, with the zone named. */
  submittedAt: string;
  ip: string;
  userAgent: string;
  seal: string;
  /** The stored response still hashes to the seal. */
  sealValid: boolean;
  answers: FormShownAnswer[];
}

const LEFT = 50;
const WIDTH = 495;
const BOTTOM = 780;
const SIGNATURE = { width: 240, height: 90 };

/**
 * Issue 18, part 5: exactly what was submitted, from the stored QuestionnaireResponse: each question shown
 * with its answers in the form's order (group headings as they change), signatures as drawn, then the
 * submission's time, address, browser and seal.
 */
export function renderFormSubmissionPdf(d: FormSubmissionDocument): Promise<Buffer> {
  return pdfBuffer((doc) => {
    const room = (height: number) => {
      if (doc.y + height > BOTTOM) doc.addPage();
    };
    doc.font('Helvetica-Bold').fontSize(18).text(d.formName, LEFT, 50, { width: WIDTH });
    doc.font('Helvetica').fontSize(10);
    doc.text(`${d.practiceName} · version ${d.version} · submission ${d.submissionId}`, { width: WIDTH });
    doc.text(`Client: ${d.clientName}`, { width: WIDTH });
    doc.text(`Submitted: ${d.submittedAt}`, { width: WIDTH });
    doc.moveDown();
    let heading = '';
    for (const answer of d.answers) {
      const groups = answer.groups.join(' › ');
      if (groups && groups !== heading) {
        room(40);
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(groups, LEFT, doc.y, { width: WIDTH });
        heading = groups;
      }
      room(30);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(answer.text ?? answer.linkId, LEFT, doc.y, { width: WIDTH });
      doc.font('Helvetica').fontSize(10);
      for (const value of answer.values) doc.text(value, LEFT + 12, doc.y, { width: WIDTH - 12 });
      for (const image of answer.images) {
        room(SIGNATURE.height + 10);
        const top = doc.y + 2;
        doc.image(Buffer.from(image, 'base64'), LEFT + 12, top, { fit: [SIGNATURE.width, SIGNATURE.height] });
        doc.rect(LEFT + 12, top, SIGNATURE.width, SIGNATURE.height).stroke('#999999');
        doc.y = top + SIGNATURE.height + 4;
      }
      doc.moveDown(0.4);
    }
    room(90);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(10).text('Submission record', LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(9);
    doc.text(`Submitted: ${d.submittedAt}`, { width: WIDTH });
    doc.text(`IP address: ${d.ip}`, { width: WIDTH });
    doc.text(`Browser: ${d.userAgent || 'not given'}`, { width: WIDTH });
    doc.text(`Seal (SHA-256 of the canonical JSON, RFC 8785): ${d.seal}`, { width: WIDTH });
    doc.text(
      d.sealValid
        ? 'The stored response matches its seal.'
        : 'WARNING: the stored response does not match its seal.',
      { width: WIDTH },
    );
  }, `${d.formName}, submission ${d.submissionId}`);
}
