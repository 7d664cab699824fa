import { ERROR_MESSAGES, NOTE_FORMATS, NOTE_TYPES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useDeleteNote, useNote } from '../../../api/notes.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { NotePanelFrame, NotesLoading, NotesProblem } from './NotePanelFrame.tsx';
import { NOTE_NOT_FOUND } from './NoteViewPanel.tsx';
import { NOTE_READ_ONLY } from './UpdateNotePanel.tsx';

type Answer = 'Y' | 'N';
const ANSWERS: { value: Answer; label: string }[] = [
  { value: 'N', label: 'No, keep this note' },
  { value: 'Y', label: 'Yes, delete this note' },
];

/** Tab 23. Spec sections 4 and 5: a Yes/No confirmation defaulting to No; only Yes deletes. */
export function DeleteNotePanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const { note, isPending, isError } = useNote(clientId, itemId);
  const remove = useDeleteNote(clientId ?? 0);
  const toast = useToast();
  const [answer, setAnswer] = useState<Answer>('N');
  const [problem, setProblem] = useState<string | null>(null);

  const body = () => {
    if (isPending) return <NotesLoading text="Loading the note. Please wait." />;
    if (isError || !note)
      return <NotesProblem text={NOTE_NOT_FOUND} onBack={onDone} backLabel="Back to the notes" />;
    if (!note.canEdit)
      return <NotesProblem text={NOTE_READ_ONLY} onBack={onDone} backLabel="Back to the notes" />;

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (answer !== 'Y' || remove.isPending) return;
      setProblem(null);
      try {
        await remove.mutateAsync(note.id);
        toast.success(SUCCESS_MESSAGES.deleteNote);
        onDone();
      } catch (error) {
        toast.error(ERROR_MESSAGES.deleteNote);
        if (error instanceof ApiError && error.status === 403) setProblem(error.message);
      }
    };

    return (
      <form className="clients-panel__body" onSubmit={submit} noValidate aria-labelledby="note-panel-heading">
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
        <fieldset className="delete-choice">
          <legend>Delete this note?</legend>
          {ANSWERS.map((option) => (
            <div key={option.value} className="delete-choice__option">
              <RadioButton
                inputId={`delete-note-${option.value}`}
                name="delete-note-answer"
                value={option.value}
                checked={answer === option.value}
                onChange={() => setAnswer(option.value)}
              />
              <label htmlFor={`delete-note-${option.value}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="clients-panel__actions">
          <Button
            type="submit"
            label="Delete"
            icon="pi pi-trash"
            severity="danger"
            disabled={answer !== 'Y' || remove.isPending}
            loading={remove.isPending}
          />
          <Button type="button" label="Cancel" outlined onClick={onCancel} />
        </div>
      </form>
    );
  };

  return (
    <NotePanelFrame
      title={PANEL_TITLES[23] ?? 'Delete note'}
      clientId={clientId}
      headingId="note-panel-heading"
    >
      {body()}
    </NotePanelFrame>
  );
}
