import { z } from 'zod';
import { YES_NO } from './enums.ts';

export const NOTE_TYPES = { P: 'Personal', C: 'Clinical' } as const;
export const NOTE_FORMATS = { R: 'Rich text', F: 'Freehand drawing' } as const;
export const NOTE_STATUSES = { A: 'Active', I: 'Inactive' } as const;

/** Spec section 9: the drawing canvas is 800 wide by 1500 high, line width 2. */
export const NOTE_CANVAS = { width: 800, height: 1500, lineWidth: 2 } as const;
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/** A drawing decodes to at most 2 MB of PNG; its base64 text is a third longer. */
export const MAX_DRAWING_BYTES = 2 * 1024 * 1024;
export const MAX_RICH_TEXT_CHARS = 200_000;

/** Spec section 4: type P, sharable N, editable N, format R, status A, empty description. */
export const NEW_NOTE_DEFAULTS = {
  type: 'P',
  sharable: 'N',
  editable: 'N',
  format: 'R',
  status: 'A',
  description: '',
} as const;

export const noteInputSchema = z.strictObject({
  /** Present on update (PUT /api/note1/client/{clientId} carries the note in its body). */
  id: z.number().int().positive().optional(),
  subject: z.string({ error: 'Field is required.' }).trim().min(1, 'Field is required.').max(200),
  description: z
    .string()
    .max(Math.ceil((MAX_DRAWING_BYTES * 4) / 3) + PNG_DATA_URL_PREFIX.length)
    .default(''),
  type: z.enum(['P', 'C']).default('P'),
  format: z.enum(['R', 'F']).default('R'),
  sharable: z.enum(YES_NO).default('N'),
  editable: z.enum(YES_NO).default('N'),
  status: z.enum(['A', 'I']).default('A'),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  authorId: z.number().int(),
  authorName: z.string(),
  subject: z.string(),
  description: z.string(),
  type: z.enum(['P', 'C']),
  format: z.enum(['R', 'F']),
  sharable: z.enum(YES_NO),
  editable: z.enum(YES_NO),
  status: z.enum(['A', 'I']),
  /** Whether the caller may change or delete it (author, or editable by others). */
  canEdit: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteTemplateInputSchema = z.strictObject({
  subject: z.string({ error: 'Field is required.' }).trim().min(1, 'Field is required.').max(200),
  body: z.string().max(MAX_RICH_TEXT_CHARS).default(''),
});
export const noteTemplateSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  subject: z.string(),
  body: z.string(),
});
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;
