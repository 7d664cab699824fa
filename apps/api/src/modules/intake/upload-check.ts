import { FileProblem } from './parse/problems.ts';

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What a CSV's first bytes say it really is, when it is not text. */
const NOT_TEXT: [number[], string][] = [
  [ascii('%PDF-'), 'a PDF'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP file or an Excel workbook; save it as CSV'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Excel or Word file; save it as CSV'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [ascii('GIF8'), 'a GIF image'],
  [[0x1f, 0x8b], 'a gzip archive'],
];

/**
 * The extension says how to read the file and the content must agree (magic bytes): a PDF starts
 * with %PDF-, a CSV is text. The browser's content type is not trusted.
 */
export function fileKind(fileName: string, bytes: Uint8Array): 'csv' | 'pdf' {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== 'csv' && extension !== 'pdf') {
    throw new FileProblem('Only .csv and .pdf files can be imported.');
  }
  if (bytes.length === 0) throw new FileProblem('The file is empty.');
  if (extension === 'pdf') {
    if (!startsWith(bytes, ascii('%PDF-'))) throw new FileProblem('The file is named .pdf but is not a PDF.');
    return 'pdf';
  }
  const other = NOT_TEXT.find(([signature]) => startsWith(bytes, signature));
  if (other) throw new FileProblem(`The file is named .csv but is ${other[1]}.`);
  return 'csv';
}
