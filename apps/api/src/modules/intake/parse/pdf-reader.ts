import {
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFName,
  type PDFObject,
  PDFOptionList,
  PDFRadioGroup,
  PDFStream,
  PDFTextField,
} from 'pdf-lib';
import type { IntakeMapping, MappingField } from '../intake-mapping.ts';
import { mapRecord, nameIndex, type ParsedRow } from './map-record.ts';
import { normaliseName } from './normalise.ts';
import { readPdfText } from './pdf-text.ts';
import { FileProblem } from './problems.ts';

const JS = PDFName.of('JS');
const JAVASCRIPT = PDFName.of('JavaScript');
const S = PDFName.of('S');
const LAUNCH = PDFName.of('Launch');

/** A JavaScript or Launch action anywhere in the document (names are compared decoded: /J#61vaScript too). */
function activeContent(doc: PDFDocument): string | null {
  const seen = new Set<PDFObject>();
  const visit = (obj: PDFObject | undefined): string | null => {
    if (!obj || seen.has(obj)) return null;
    seen.add(obj);
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
    if (dict) {
      if (dict.has(JS) || dict.has(JAVASCRIPT) || dict.get(S) === JAVASCRIPT) return 'JavaScript';
      if (dict.get(S) === LAUNCH) return 'an action that launches programs';
      for (const value of dict.values()) {
        const found = visit(value);
        if (found) return found;
      }
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) {
        const found = visit(obj.get(i));
        if (found) return found;
      }
    }
    return null;
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const found = visit(obj);
    if (found) return found;
  }
  return null;
}

async function loadChecked(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    throw new FileProblem('The PDF is damaged and cannot be read.');
  }
  if (doc.isEncrypted) {
    throw new FileProblem(
      'The PDF is encrypted (password-protected); save an unprotected copy and import that.',
    );
  }
  const active = activeContent(doc);
  if (active) {
    throw new FileProblem(
      `The PDF contains ${active}, which is not accepted; print it to a new PDF and import that.`,
    );
  }
  if (doc.getPageCount() === 0) throw new FileProblem('The PDF has no pages.');
  return doc;
}

function fieldValue(field: unknown): string {
  if (field instanceof PDFTextField) return field.getText() ?? '';
  if (field instanceof PDFRadioGroup) return field.getSelected() ?? '';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return field.getSelected().join(', ');
  if (field instanceof PDFCheckBox) return field.isChecked() ? 'Y' : '';
  return '';
}

/** Form fields by their full name ("patient.surname") or their own ("surname"). */
function readFormFields(doc: PDFDocument, mapping: IntakeMapping): Map<MappingField, string> | null {
  const index = nameIndex(mapping, 'formFields');
  const raw = new Map<MappingField, string>();
  let fields: ReturnType<ReturnType<PDFDocument['getForm']>['getFields']>;
  try {
    fields = doc.getForm().getFields();
  } catch {
    throw new FileProblem('The PDF form is damaged and cannot be read.');
  }
  for (const field of fields) {
    const name = field.getName();
    const mapped = index.get(normaliseName(name)) ?? index.get(normaliseName(name.split('.').pop() ?? ''));
    if (mapped && !raw.get(mapped)) raw.set(mapped, fieldValue(field));
  }
  return raw.size > 0 ? raw : null;
}

/** One patient per PDF: a fillable form through its fields, a flat one through its printed labels. */
export async function readPdf(bytes: Uint8Array, mapping: IntakeMapping) {
  const doc = await loadChecked(bytes);
  const form = readFormFields(doc, mapping);
  const source = form ? ('pdf-form' as const) : ('pdf-text' as const);
  const raw = form ?? (await readPdfText(bytes, mapping));
  if ([...raw.values()].every((v) => v.trim() === '')) {
    throw new FileProblem(`The ${mapping.title} in the PDF is empty: none of its fields is filled in.`);
  }
  const rows: ParsedRow[] = [mapRecord(1, raw, mapping)];
  return { source, rows, warnings: [] as string[] };
}
