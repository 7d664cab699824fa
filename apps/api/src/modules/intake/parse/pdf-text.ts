import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { IntakeMapping, MappingField } from '../intake-mapping.ts';
import { FileProblem } from './problems.ts';

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

const MAX_PAGES = 20;
const SAME_LINE = 2; // points between baselines that still count as one printed line

/** The page's text as printed lines, left to right, top to bottom. */
async function pageLines(bytes: Uint8Array): Promise<string[]> {
  // eval off: a font program can never become code (CVE-2024-4367); pdfjs gets its own copy of the bytes.
  const task = getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch(() => {
      throw new FileProblem('The PDF is damaged and cannot be read.');
    });
    const lines: string[] = [];
    for (let p = 1; p <= Math.min(doc.numPages, MAX_PAGES); p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const items = (content.items as TextItem[]).filter((it) => typeof it.str === 'string' && it.str.trim());
      const rows: { y: number; items: TextItem[] }[] = [];
      for (const item of items) {
        const y = item.transform[5] ?? 0;
        const row = rows.find((r) => Math.abs(r.y - y) <= SAME_LINE);
        if (row) row.items.push(item);
        else rows.push({ y, items: [item] });
      }
      rows.sort((a, b) => b.y - a.y);
      for (const row of rows) {
        row.items.sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
        lines.push(row.items.map((it) => it.str).join(' '));
      }
    }
    return lines;
  } finally {
    await task.destroy();
  }
}

const asPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

/**
 * Every "label<separator>" on a line starts a field whose value runs to the next label. Where labels
 * overlap ("Surname:" inside "Main member surname:") the longer one wins. Without a separator a label
 * counts only at the start of a line.
 */
export function labelledValues(lines: string[], mapping: IntakeMapping): Map<MappingField, string> {
  const sep = mapping.labelSeparator;
  const patterns = mapping.fields.flatMap((field) =>
    field.labels.map((label) => ({
      field,
      re: new RegExp(
        sep ? `(?<=^|\\s)${asPattern(label)}\\s*${asPattern(sep)}` : `^\\s*${asPattern(label)}(?=\\s|$)`,
        'giu',
      ),
    })),
  );
  const found = new Map<MappingField, string>();
  for (const line of lines) {
    const hits: { start: number; end: number; field: MappingField }[] = [];
    for (const { field, re } of patterns) {
      for (const m of line.matchAll(re)) hits.push({ start: m.index, end: m.index + m[0].length, field });
    }
    hits.sort((a, b) => b.end - b.start - (a.end - a.start));
    const kept: typeof hits = [];
    for (const hit of hits) {
      if (!kept.some((k) => hit.start < k.end && k.start < hit.end)) kept.push(hit);
    }
    kept.sort((a, b) => a.start - b.start);
    kept.forEach((hit, i) => {
      const value = line.slice(hit.end, kept[i + 1]?.start ?? line.length).trim();
      if (!found.get(hit.field)) found.set(hit.field, value);
    });
  }
  return found;
}

export async function readPdfText(
  bytes: Uint8Array,
  mapping: IntakeMapping,
): Promise<Map<MappingField, string>> {
  const lines = await pageLines(bytes);
  if (lines.length === 0) {
    throw new FileProblem('The PDF has no form fields and no text to read (is it a scanned image?).');
  }
  const found = labelledValues(lines, mapping);
  if (found.size === 0) {
    throw new FileProblem(`The PDF has none of the labels of the ${mapping.title}: is it the right format?`);
  }
  return found;
}
