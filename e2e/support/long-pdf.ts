import { deflateSync } from 'node:zlib';

/**
 * A valid one-page PDF with `lines` lines of text and none of an intake form's labels: the parser reads it
 * all (about 1.4 s for 60,000 lines on this machine) and then refuses it. It keeps the one parser busy.
 */
export function longTextPdf(lines: number): Uint8Array<ArrayBuffer> {
  const text = Array.from(
    { length: lines },
    (_, i) => `BT /F1 9 Tf 20 ${20 + (i % 700)} Td (Line ${i} of filler text) Tj ET`,
  ).join('\n');
  const stream = deflateSync(Buffer.from(text));
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(size);
    parts.push(object);
    size += object.length;
  });
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}
