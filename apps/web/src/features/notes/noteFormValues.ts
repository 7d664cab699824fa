import {
  FIELD_MESSAGES,
  NEW_NOTE_DEFAULTS,
  NOTE_FORMATS,
  NOTE_STATUSES,
  NOTE_TYPES,
  type Note,
  noteInputSchema,
  PNG_DATA_URL_PREFIX,
} from '@pd/contracts';
import type { NotePayload } from '../../api/notes.ts';
import { type Option, YES_NO_LABELS } from '../../components/form/options.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';

type NoteType = keyof typeof NOTE_TYPES;
type NoteFormat = keyof typeof NOTE_FORMATS;
type NoteStatus = keyof typeof NOTE_STATUSES;

/** The form keeps the rich text and the drawing apart, so switching the format back loses neither. */
export interface NoteFormValues {
  type: NoteType;
  format: NoteFormat;
  subject: string;
  richText: string;
  /** A PNG data URL, or '' for an empty canvas. */
  drawing: string;
  sharable: 'Y' | 'N';
  editable: 'Y' | 'N';
  status: NoteStatus;
}

/** Notes offer each code by its word ("Personal"); the code is what is sent. */
const codedOptions = <V extends string>(labels: Record<V, string>): Option<V>[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));

export const NOTE_TYPE_OPTIONS = codedOptions(NOTE_TYPES);
export const NOTE_FORMAT_OPTIONS = codedOptions(NOTE_FORMATS);
export const NOTE_STATUS_OPTIONS = codedOptions(NOTE_STATUSES);
export const NOTE_YES_NO_OPTIONS = codedOptions(YES_NO_LABELS);

/** Spec section 4: type P, sharable N, editable N, format R, status A, empty description. */
export function newNoteValues(): NoteFormValues {
  return {
    type: NEW_NOTE_DEFAULTS.type,
    format: NEW_NOTE_DEFAULTS.format,
    subject: '',
    richText: NEW_NOTE_DEFAULTS.description,
    drawing: '',
    sharable: NEW_NOTE_DEFAULTS.sharable,
    editable: NEW_NOTE_DEFAULTS.editable,
    status: NEW_NOTE_DEFAULTS.status,
  };
}

export const isDrawing = (description: string) => description.startsWith(PNG_DATA_URL_PREFIX);

export function noteValues(note: Note): NoteFormValues {
  const drawn = note.format === 'F';
  return {
    type: note.type,
    format: note.format,
    subject: note.subject,
    richText: drawn ? '' : note.description,
    drawing: drawn && isDrawing(note.description) ? note.description : '',
    sharable: note.sharable,
    editable: note.editable,
    status: note.status,
  };
}

/**
 * The note checked as the API checks it (the contracts' noteInputSchema, spec section 5: the subject is
 * required), on what the form would send; a drawing note needs a drawing (the API refuses an empty one).
 */
export const noteFormSchema = (flags: boolean) =>
  formSchema<NoteFormValues, NotePayload>((values, problem) => {
    const payload = toNotePayload(values, { flags });
    checkWith(noteInputSchema, payload, problem, (path) => noteFieldOf(path, values.format));
    if (values.format === 'F' && !isDrawing(values.drawing))
      problem('drawing', FIELD_MESSAGES.drawingRequired);
    return payload;
  });

/** What is sent: the body of the chosen format, editable only when the note is shared. */
export function toNotePayload(values: NoteFormValues, options: { flags: boolean }): NotePayload {
  const payload: NotePayload = {
    subject: values.subject.trim(),
    description: values.format === 'F' ? values.drawing : values.richText,
    type: values.type,
    format: values.format,
    status: values.status,
  };
  if (options.flags) {
    payload.sharable = values.sharable;
    payload.editable = values.sharable === 'Y' ? values.editable : 'N';
  }
  return payload;
}

/** API error paths (body.description) to the form's fields. */
export function noteFieldOf(path: string, format: NoteFormat): string {
  const key = path.replace(/^body\./, '');
  if (key === 'description') return format === 'F' ? 'drawing' : 'richText';
  return key;
}
