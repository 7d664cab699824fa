import { useState } from 'react';
import type { NotePayload } from '../../api/notes.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { shownNoteFields } from './NoteFields.tsx';
import { type NoteFormValues, noteFieldOf, noteFormSchema } from './noteFormValues.ts';

interface NoteFormConfig {
  defaultValues: NoteFormValues;
  /** Whether sharable and editable are the user's to set (the author's alone). */
  flags: boolean;
  save: (payload: NotePayload) => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
}

/** A note on the one form hook: the API's errors land on the body field the note's format shows. */
export function useNoteForm({ defaultValues, flags, save, success, failure, onDone }: NoteFormConfig) {
  const [schema] = useState(() => noteFormSchema(flags));
  const note = useContractForm<NoteFormValues, NotePayload>({
    schema,
    defaultValues,
    save,
    success,
    failure,
    onDone,
    fieldOf: (path: string): string => noteFieldOf(path, note.form.getValues('format')),
    isShown: (field: string): boolean => shownNoteFields(note.form.getValues(), flags).has(field),
  });
  return note;
}
