import { PDFName, PDFString, PDFDocument as PdfLibDocument } from 'pdf-lib';
import PdfKitDocument from 'pdfkit';
import type { IntakeMapping } from '../intake-mapping.ts';
import type { SamplePatient } from './patients.ts';
import { sampleCsv, samplePdf } from './sample-files.ts';

/** pdfkit writes a stream; collect it. */
function pdfkitBytes(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const doc = new PdfKitDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A password-protected form (RC4/AES through pdfkit's standard security handler). */
export const encryptedPdf = (mapping: IntakeMapping) =>
  pdfkitBytes({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' }, (doc) => {
    doc.text(`${mapping.title}`);
    doc.text(`${mapping.fields[0]?.labels[0]}${mapping.labelSeparator} Secret`);
  });

/** A flat page with an image-like drawing and no text at all, as a scanner produces. */
export const scannedPdf = () =>
  pdfkitBytes({}, (doc) => {
    doc.rect(50, 50, 400, 300).fill('#777777');
  });

/** A PDF with text, but none of an intake form's labels: an invoice uploaded by mistake. */
export const unrelatedPdf = () =>
  pdfkitBytes({}, (doc) => {
    doc.text('Tax invoice INV-1001');
    doc.text('Total due: R 1 250.00');
  });

/** A real sample form that also runs JavaScript, hidden the ways attackers hide it. */
export async function javascriptPdf(
  mapping: IntakeMapping,
  patient: SamplePatient,
  hide: 'open-action' | 'object-stream' | 'hex-name' | 'field-action',
): Promise<Uint8Array> {
  const doc = await PdfLibDocument.load(await samplePdf(mapping, patient, { fillable: true }));
  const action = doc.context.obj({
    S: 'JavaScript',
    JS: PDFString.of('app.launchURL("https://evil.example")'),
  });
  if (hide === 'field-action') {
    const widget = doc.getForm().getFields()[0]?.acroField.getWidgets()[0];
    widget?.dict.set(PDFName.of('AA'), doc.context.obj({ K: action }));
  } else {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  }
  const bytes = await doc.save({ useObjectStreams: hide === 'object-stream' });
  if (hide !== 'hex-name') return bytes;
  // /J#61vaScript is /JavaScript to a PDF reader; a plain text search would miss it.
  const text = Buffer.from(bytes)
    .toString('latin1')
    .replaceAll('/JavaScript', '/J#61vaScript')
    .replaceAll('/JS ', '/J#53 ');
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** A sample CSV with one cell a spreadsheet would run as a formula. */
export function formulaCsv(mapping: IntakeMapping, patients: SamplePatient[], formula: string): string {
  const [first, ...rest] = patients;
  return sampleCsv(mapping, [{ ...(first as SamplePatient), lastName: formula }, ...rest]);
}
