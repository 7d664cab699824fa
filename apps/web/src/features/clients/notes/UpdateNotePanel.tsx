import { ERROR_MESSAGES, type Note, SUCCESS_MESSAGES } from '@pd/contracts';
import { useForm } from 'react-hook-form';
import { useNote, useUpdateNote } from '../../../api/notes.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useSaveForm } from '../forms/useSaveForm.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { shownNoteFields } from './NoteFields.tsx';
import { NoteForm } from './NoteForm.tsx';
import { NotePanelFrame, NotesLoading, NotesProblem } from './NotePanelFrame.tsx';
import { NOTE_NOT_FOUND } from './NoteViewPanel.tsx';
import {
  type NoteFormValues,
  noteFieldOf,
  noteResolver,
  noteValues,
  toNotePayload,
} from './noteFormValues.ts';

export const NOTE_READ_ONLY = 'Only its author can change this note: it is not editable by others.';

/** Tab 21: the note form, prefilled; sharing stays the author's choice. */
export function UpdateNotePanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const { note, isPending, isError } = useNote(clientId, itemId);
  return (
    <NotePanelFrame
      title={PANEL_TITLES[21] ?? 'Update note'}
      clientId={clientId}
      headingId="note-panel-heading"
      wide
    >
      {isPending ? (
        <NotesLoading text="Loading the note. Please wait." />
      ) : isError || !note || clientId === undefined ? (
        <NotesProblem text={NOTE_NOT_FOUND} onBack={onDone} backLabel="Back to the notes" />
      ) : !note.canEdit ? (
        <NotesProblem text={NOTE_READ_ONLY} onBack={onDone} backLabel="Back to the notes" />
      ) : (
        <UpdateNoteForm note={note} clientId={clientId} onDone={onDone} onCancel={onCancel} />
      )}
    </NotePanelFrame>
  );
}

function UpdateNoteForm({
  note,
  clientId,
  onDone,
  onCancel,
}: {
  note: Note;
  clientId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { user } = useSession();
  const flags = note.authorId === user.id;
  const update = useUpdateNote(clientId);
  const form = useForm<NoteFormValues>({
    defaultValues: noteValues(note),
    resolver: noteResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: (values) => update.mutateAsync({ id: note.id, note: toNotePayload(values, { flags }) }),
    success: SUCCESS_MESSAGES.updateNote,
    failure: ERROR_MESSAGES.updateNote,
    onDone,
    fieldOf: (path) => noteFieldOf(path, form.getValues('format')),
    isShown: (field) => shownNoteFields(form.getValues(), flags).has(field),
  });
  return (
    <>
      {!flags && (
        <p className="notice notice--info note-form__shared">
          <span className="pi pi-info-circle" aria-hidden="true" />
          {note.authorName} shared this note with you to change. Whether it is shared stays their choice.
        </p>
      )}
      <NoteForm
        form={form}
        onSubmit={(event) => void submit(event)}
        otherProblems={otherProblems}
        submitLabel="Update"
        onCancel={onCancel}
        showFields
        flags={flags}
      />
    </>
  );
}
