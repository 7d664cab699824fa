import { createHash } from 'node:crypto';
import type { FormRequestCreated } from '@pd/contracts';

/** The one-time token of a link the API answered. */
export const tokenOf = (created: FormRequestCreated) => created.url.split('/f#')[1] ?? '';

// A 1×1 PNG, as the signature pad draws one.
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const signature = {
  valueAttachment: {
    contentType: 'image/png',
    size: png.length,
    data: png.toString('base64'),
    hash: createHash('sha256').update(png).digest('hex'),
  },
};
