import { z } from 'zod';
import { YES_NO } from './enums.ts';
import { FIELD_MESSAGES, idField, requiredText } from './fields.ts';

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

const noteFields = {
  subject: requiredText(200),
  /** Rich text, or a drawing as a PNG data URL (its own bound is checked on the server). */
  description: z.string().max(Math.ceil((MAX_DRAWING_BYTES * 4) / 3) + PNG_DATA_URL_PREFIX.length),
  type: z.enum(['P', 'C']),
  format: z.enum(['R', 'F']),
  sharable: z.enum(YES_NO),
  editable: z.enum(YES_NO),
  status: z.enum(['A', 'I']),
};

/** Create: the new-note defaults of spec section 4. An id, if sent, is ignored. */
export const noteInputSchema = z.strictObject({
  id: idField.optional(),
  ...noteFields,
  description: noteFields.description.default(NEW_NOTE_DEFAULTS.description),
  type: noteFields.type.default(NEW_NOTE_DEFAULTS.type),
  format: noteFields.format.default(NEW_NOTE_DEFAULTS.format),
  sharable: noteFields.sharable.default(NEW_NOTE_DEFAULTS.sharable),
  editable: noteFields.editable.default(NEW_NOTE_DEFAULTS.editable),
  status: noteFields.status.default(NEW_NOTE_DEFAULTS.status),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/**
 * Update (PUT /api/note1/client/{clientId} carries the note's id in its body): only the fields sent change,
 * so there are no defaults here.
 */
export const noteUpdateSchema = z
  .strictObject(noteFields)
  .partial()
  .extend({ id: z.number({ error: FIELD_MESSAGES.required }).int().positive().max(Number.MAX_SAFE_INTEGER) });
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

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

const noteTemplateFields = {
  subject: requiredText(200),
  body: z.string().max(MAX_RICH_TEXT_CHARS),
};
/** Create: an absent body is empty. */
export const noteTemplateInputSchema = z.strictObject({
  ...noteTemplateFields,
  body: noteTemplateFields.body.default(''),
});
export type NoteTemplateInput = z.output<typeof noteTemplateInputSchema>;
/** Update: only the fields sent change. */
export const noteTemplateUpdateSchema = z.strictObject(noteTemplateFields).partial();
export type NoteTemplateUpdate = z.output<typeof noteTemplateUpdateSchema>;
export const noteTemplateSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  subject: z.string(),
  body: z.string(),
});
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;
