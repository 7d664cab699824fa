import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';

/** `size` bytes of zeros, deflated a megabyte at a time: the test never holds the inflated form. */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1 << 20);
  for (let written = 0; written < size; written += zeros.length) {
    if (!deflate.write(zeros)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

/**
 * A decompression bomb: a one-page PDF whose content stream is deflated twice, so a file of a few
 * kilobytes inflates to `inflatedBytes` of zeros when a reader decodes the page.
 */
export async function bombPdf(inflatedBytes = 1 << 30): Promise<Uint8Array> {
  const twice = deflateSync(await deflatedZeros(inflatedBytes), { level: 9 });
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const contents = doc.context.stream(twice, {
    Filter: [PDFName.of('FlateDecode'), PDFName.of('FlateDecode')],
  });
  page.node.set(PDFName.of('Contents'), doc.context.register(contents));
  return doc.save({ useObjectStreams: false });
}
