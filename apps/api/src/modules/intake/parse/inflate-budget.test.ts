import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bombReason, checkInflatedSize } from './inflate-budget.ts';

const MB = 2 ** 20;
/** A PDF-like body: each payload as a stream object, the way PDF writers lay them out. */
const pdfWith = (...streams: Buffer[]) =>
  new Uint8Array(
    Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      ...streams.flatMap((data, i) => [
        Buffer.from(`${i + 1} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\r\n`),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]),
      Buffer.from('%%EOF\n'),
    ]),
  );

describe('inflated size check', () => {
  it('lets through streams that unpack within the budget, and data that is not deflated', () => {
    const text = deflateSync(Buffer.from('BT /F1 12 Tf (Surname: Dlamini) Tj ET\n'.repeat(1000)));
    expect(() => checkInflatedSize(pdfWith(text, Buffer.from('not zlib at all')), 4 * MB)).not.toThrow();
  });

  it('refuses a stream that unpacks past the budget, and one hidden in a second deflate layer', () => {
    const zeros = deflateSync(Buffer.alloc(8 * MB));
    expect(() => checkInflatedSize(pdfWith(zeros), 4 * MB)).toThrow(bombReason(4 * MB));
    expect(() => checkInflatedSize(pdfWith(deflateSync(zeros)), 4 * MB)).toThrow(bombReason(4 * MB));
  });

  it('counts every stream of the file against one budget', () => {
    const three = deflateSync(Buffer.alloc(3 * MB));
    expect(() => checkInflatedSize(pdfWith(three), 4 * MB)).not.toThrow();
    expect(() => checkInflatedSize(pdfWith(three, three), 4 * MB)).toThrow(bombReason(4 * MB));
  });

  it('refuses a truncated bomb too (no end of stream)', () => {
    const zeros = deflateSync(Buffer.alloc(8 * MB));
    expect(() => checkInflatedSize(pdfWith(zeros.subarray(0, zeros.length - 20)), 4 * MB)).toThrow(
      bombReason(4 * MB),
    );
  });
});
