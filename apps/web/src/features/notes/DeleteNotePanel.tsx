import { CLIENT_TABS, ERROR_MESSAGES, NOTE_FORMATS, NOTE_TYPES, SUCCESS_MESSAGES } from '@pd/contracts';
import { useDeleteNote } from '../../api/notes.ts';
import { DeleteConfirmForm } from '../../components/DeleteConfirmForm.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { OneNotePanel } from './NotePanelFrame.tsx';

/** Tab 23. Spec sections 4 and 5: a Yes/No confirmation defaulting to No; only Yes deletes. */
export function DeleteNotePanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const remove = useDeleteNote(clientId ?? 0);
  return (
    <OneNotePanel tab={CLIENT_TABS.deleteNote} clientId={clientId} itemId={itemId} onBack={onDone} changes>
      {(note) => (
        <DeleteConfirmForm
          noun="note"
          legend="Delete this note?"
          idPrefix="delete-note"
          remove={() => remove.mutateAsync(note.id)}
          success={SUCCESS_MESSAGES.deleteNote}
          failure={ERROR_MESSAGES.deleteNote}
          onDone={onDone}
          onCancel={onCancel}
          labelledBy="note-panel-heading"
        >
          <dl className="details" data-testid="delete-note-details">
            <dt>Subject</dt>
            <dd>{note.subject}</dd>
            <dt>ID</dt>
            <dd>{note.id}</dd>
            <dt>Type</dt>
            <dd>{NOTE_TYPES[note.type]}</dd>
            <dt>Format</dt>
            <dd>{NOTE_FORMATS[note.format]}</dd>
            <dt>Author</dt>
            <dd>{note.authorName}</dd>
          </dl>
        </DeleteConfirmForm>
      )}
    </OneNotePanel>
  );
}
