import { CLIENT_TABS, ERROR_MESSAGES, type Note, SUCCESS_MESSAGES } from '@pd/contracts';
import { useUpdateNote } from '../../api/notes.ts';
import { useSession } from '../../app/auth/authContext.ts';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { NoteForm } from './NoteForm.tsx';
import { OneNotePanel } from './NotePanelFrame.tsx';
import { noteValues } from './noteFormValues.ts';
import { useNoteForm } from './useNoteForm.ts';

/** Tab 21: the note form, prefilled; sharing stays the author's choice. */
export function UpdateNotePanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  return (
    <OneNotePanel
      tab={CLIENT_TABS.updateNote}
      clientId={clientId}
      itemId={itemId}
      onBack={onDone}
      changes
      wide
    >
      {(note, id) => <UpdateNoteForm note={note} clientId={id} onDone={onDone} onCancel={onCancel} />}
    </OneNotePanel>
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
  const form = useNoteForm({
    defaultValues: noteValues(note),
    flags,
    save: (payload) => update.mutateAsync({ id: note.id, note: payload }),
    success: SUCCESS_MESSAGES.updateNote,
    failure: ERROR_MESSAGES.updateNote,
    onDone,
  });
  return (
    <>
      {!flags && (
        <p className="notice notice--info note-form__shared">
          <span className="pi pi-info-circle" aria-hidden="true" />
          {note.authorName} shared this note with you to change. Whether it is shared stays their choice.
        </p>
      )}
      <NoteForm note={form} submitLabel="Update" onCancel={onCancel} showFields flags={flags} />
    </>
  );
}
