import type { FormAnswer } from '@pd/contracts';
import { sha256Hex } from './fillApi.ts';

export type Attachment = NonNullable<FormAnswer['valueAttachment']>;

/** A canvas as the API wants a signature: PNG bytes in base64, with their size and SHA-256. */
export async function canvasToPng(canvas: HTMLCanvasElement): Promise<Attachment> {
  const data = canvas.toDataURL('image/png').split(',')[1] ?? '';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return {
    contentType: 'image/png',
    title: 'signature.png',
    size: bytes.length,
    data,
    hash: await sha256Hex(bytes),
  };
}

/** The keyboard alternative: the typed name drawn as a signature on the canvas. */
export function drawTypedName(canvas: HTMLCanvasElement, name: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1a2b4c';
  let size = Math.round(canvas.height / 3);
  context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive`;
  while (context.measureText(name).width > canvas.width * 0.9 && size > 10) {
    size -= 2;
    context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive`;
  }
  context.textBaseline = 'middle';
  context.fillText(name, canvas.width * 0.05, canvas.height / 2);
  context.restore();
}
