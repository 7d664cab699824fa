import {
  NEW_NOTE_DEFAULTS,
  NOTE_FORMATS,
  NOTE_STATUSES,
  NOTE_TYPES,
  type Note,
  OTHER_MESSAGES,
  PNG_DATA_URL_PREFIX,
} from '@pd/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { NotePayload } from '../../../api/notes.ts';
import type { Option } from '../forms/options.ts';

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

const optionsOf = <V extends string>(labels: Record<V, string>): Option<V>[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: `${labels[value]} (${value})` }));

export const NOTE_TYPE_OPTIONS = optionsOf(NOTE_TYPES);
export const NOTE_FORMAT_OPTIONS = optionsOf(NOTE_FORMATS);
export const NOTE_STATUS_OPTIONS = optionsOf(NOTE_STATUSES);
export const YES_NO_OPTIONS = optionsOf({ Y: 'Yes', N: 'No' });

export const SUBJECT_MAX = 200;

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

export const DRAWING_REQUIRED = 'Draw something on the canvas first.';

/** The subject is required (spec section 5); a drawing note needs a drawing (the API refuses an empty one). */
export const noteResolver: Resolver<NoteFormValues> = async (values) => {
  const errors: FieldErrors<NoteFormValues> = {};
  const subject = values.subject.trim();
  if (!subject) errors.subject = { type: 'required', message: OTHER_MESSAGES.fieldRequired };
  else if (subject.length > SUBJECT_MAX)
    errors.subject = { type: 'maxLength', message: `At most ${SUBJECT_MAX} characters.` };
  if (values.format === 'F' && !isDrawing(values.drawing))
    errors.drawing = { type: 'required', message: DRAWING_REQUIRED };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

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
