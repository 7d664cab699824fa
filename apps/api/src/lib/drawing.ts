import { MAX_DRAWING_BYTES, PNG_DATA_URL_PREFIX } from '@pd/contracts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a freehand drawing is refused, or null when it is a PNG data URL of at most 2 MB. */
export function drawingProblem(description: string): string | null {
  if (!description.startsWith(PNG_DATA_URL_PREFIX))
    return 'A drawing must be a PNG image (data:image/png;base64,…).';
  const base64 = description.slice(PNG_DATA_URL_PREFIX.length);
  if (base64.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    return 'The drawing is not valid base64.';
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_DRAWING_BYTES) return 'The drawing is larger than 2 MB.';
  if (
    bytes.length < 33 ||
    !bytes.subarray(0, 8).equals(PNG_SIGNATURE) ||
    bytes.subarray(12, 16).toString() !== 'IHDR'
  ) {
    return 'The drawing is not a PNG image.';
  }
  return null;
}
