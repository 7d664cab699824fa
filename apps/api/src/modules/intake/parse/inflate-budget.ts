import { constants, inflateSync } from 'node:zlib';
import { FileProblem } from './problems.ts';

/** What a PDF's streams may inflate to, all together: an intake form needs a few megabytes at most. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const STREAM = /(?<!end)stream(?:\r\n|\n|\r)/g;

const isZlibHeader = (bytes: Uint8Array) =>
  bytes.length > 2 && (bytes[0] ?? 0) % 16 === 8 && ((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)) % 31 === 0;

export const bombReason = (limit: number) =>
  `The PDF unpacks to more than ${Math.round(limit / 2 ** 20)} MB, far more than an intake form needs (a compression bomb?); it was not imported.`;

/**
 * Inflates every deflated stream of the PDF (and a stream deflated inside another) with zlib's output
 * cap, before any PDF library decodes one: a decompression bomb stops at the budget within milliseconds
 * instead of filling the memory. Streams that are not zlib data are left to the readers.
 */
export function checkInflatedSize(bytes: Uint8Array, limit = MAX_INFLATED_BYTES): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let remaining = limit;
  const inflate = (data: Uint8Array) => {
    if (!isZlibHeader(data)) return;
    let out: Buffer;
    try {
      out = inflateSync(data, { maxOutputLength: remaining + 1, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new FileProblem(bombReason(limit));
      return; // damaged or not deflated: the readers decide
    }
    remaining -= out.length;
    if (remaining < 0) throw new FileProblem(bombReason(limit));
    inflate(out); // /Filter [/FlateDecode /FlateDecode]
  };
  STREAM.lastIndex = 0;
  for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    inflate(buffer.subarray(start, end < 0 ? buffer.length : end));
    if (end < 0) break;
    STREAM.lastIndex = end + 'endstream'.length;
  }
}
