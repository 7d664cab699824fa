import { DIAGNOSIS_LIST } from '@pd/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { IntakeMapping, MappingField } from '../intake-mapping.ts';
import { formatDate } from '../parse/normalise.ts';
import type { SamplePatient } from './patients.ts';

/** The value as a person writes it on this form: its date format, its words for codes, its code list. */
export function formValue(field: MappingField, patient: SamplePatient): string {
  if (field.target === DIAGNOSIS_LIST) {
    return [1, 2, 3, 4, 5]
      .map((n) => patient[`diagnosisCode${n}`])
      .filter(Boolean)
      .join(', ');
  }
  const value = patient[field.target] ?? '';
  if (value === '') return '';
  if (field.dateFormat) return formatDate(value, field.dateFormat);
  const word = field.values && Object.entries(field.values).find(([, to]) => to === value)?.[0];
  return word ?? value;
}

/** RFC 4180 quoting only: the cells are written as a spreadsheet exports them, formulas and all. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Spreadsheet export of many patients; headers are the form's labels or its form-field names. */
export function sampleCsv(
  mapping: IntakeMapping,
  patients: SamplePatient[],
  headers: 'labels' | 'formFields' = 'labels',
): string {
  const fields = mapping.fields.filter((f) => f[headers][0]);
  const lines = [fields.map((f) => csvCell(f[headers][0] ?? ''))];
  for (const patient of patients) lines.push(fields.map((f) => csvCell(formValue(f, patient))));
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}

const A4 = { width: 595, height: 842, margin: 50, line: 19 };

function heading(page: PDFPage, bold: PDFFont, mapping: IntakeMapping) {
  const top = page.getHeight();
  page.drawText(mapping.title, { x: A4.margin, y: top - 60, size: 16, font: bold });
  page.drawText(`Format ${mapping.format}. Please complete in block letters.`, {
    x: A4.margin,
    y: top - 80,
    size: 9,
    color: rgb(0.35, 0.35, 0.35),
  });
}

/**
 * One patient's form. Fillable: a text field per mapping field, named as the mapping says, filled in.
 * Flat: the printed labels with the answers beside them (two columns per line when `columns` is 2).
 */
export async function samplePdf(
  mapping: IntakeMapping,
  patient: SamplePatient,
  options: { fillable: boolean; columns?: 1 | 2 } = { fillable: true },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${mapping.title}: ${patient.firstName} ${patient.lastName}`);
  doc.setCreator('Practice Desk sample generator');
  const columns = options.fillable ? 1 : (options.columns ?? 1);
  // Two columns of label and answer need a landscape page.
  const page = doc.addPage(columns === 1 ? [A4.width, A4.height] : [A4.height, A4.width]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  heading(page, bold, mapping);
  const form = options.fillable ? doc.getForm() : undefined;
  const colWidth = (page.getWidth() - 2 * A4.margin) / columns;
  const labelWidth = columns === 1 ? 200 : 160;
  mapping.fields.forEach((field, i) => {
    const label = field.labels[0] ?? field.formFields[0] ?? field.target;
    const x = A4.margin + (i % columns) * colWidth;
    const y = page.getHeight() - 110 - Math.floor(i / columns) * A4.line;
    page.drawText(`${label}${mapping.labelSeparator}`, { x, y, size: 9, font: bold });
    const value = formValue(field, patient);
    if (form) {
      const input = form.createTextField(field.formFields[0] ?? field.target);
      input.addToPage(page, { x: x + labelWidth, y: y - 4, width: 280, height: 15, font });
      if (value) input.setText(value);
    } else if (value) {
      page.drawText(value, { x: x + labelWidth, y, size: 9, font });
    }
  });
  return doc.save();
}
