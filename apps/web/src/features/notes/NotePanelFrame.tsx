import type { Note } from '@pd/contracts';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useClient } from '../../api/clients.ts';
import { useNote } from '../../api/notes.ts';
import { panelTitle } from '../clients/tabs.ts';
import '../../styles/client-forms.css';
import '../../styles/client-notes.css';

/** A note panel: its title, the client it is about, then its content. */
export function NotePanelFrame({
  title,
  clientId,
  headingId,
  wide,
  children,
}: {
  title: string;
  clientId: number | undefined;
  headingId: string;
  /** Room for the drawing canvas or a table. */
  wide?: boolean;
  children: ReactNode;
}) {
  const client = useClient(clientId);
  return (
    <section
      className={`clients-panel notes-panel${wide ? ' notes-panel--wide' : ''}`}
      aria-labelledby={headingId}
    >
      <header className="notes-panel__header">
        <h2 id={headingId}>{title}</h2>
        {client.data && (
          <p className="notes-panel__client" data-testid="notes-client">
            <span className="pi pi-user" aria-hidden="true" /> {client.data.name}
          </p>
        )}
      </header>
      {children}
    </section>
  );
}

export function NotesLoading({ text }: { text: string }) {
  return (
    <p className="notes-panel__loading muted" role="status">
      <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function NotesProblem({
  text,
  onBack,
  backLabel,
}: {
  text: string;
  onBack: () => void;
  backLabel: string;
}) {
  return (
    <div className="clients-panel__body">
      <p className="notice notice--error" role="alert">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span data-testid="panel-notice">{text}</span>
      </p>
      <div className="clients-panel__actions">
        <Button type="button" label={backLabel} icon="pi pi-arrow-left" outlined onClick={onBack} />
      </div>
    </div>
  );
}

export const NOTE_NOT_FOUND =
  'This note was not found. It may have been deleted, or it is not shared with you.';
export const NOTE_READ_ONLY = 'Only its author can change this note: it is not editable by others.';

interface OneNotePanelProps {
  tab: number;
  clientId: number | undefined;
  itemId: number | undefined;
  /** Back to the notes (tab 9). */
  onBack: () => void;
  /** The panel changes the note: one the user may only read is refused. */
  changes?: boolean;
  wide?: boolean;
  children: (note: Note, clientId: number) => ReactNode;
}

/** A panel about one note (view, update, delete): loads it, and says plainly when it cannot be shown. */
export function OneNotePanel({ tab, clientId, itemId, onBack, changes, wide, children }: OneNotePanelProps) {
  const { note, isPending, isError } = useNote(clientId, itemId);
  const problem = (text: string) => (
    <NotesProblem text={text} onBack={onBack} backLabel="Back to the notes" />
  );
  return (
    <NotePanelFrame title={panelTitle(tab)} clientId={clientId} headingId="note-panel-heading" wide={wide}>
      {isPending ? (
        <NotesLoading text="Loading the note. Please wait." />
      ) : isError || !note || clientId === undefined ? (
        problem(NOTE_NOT_FOUND)
      ) : changes && !note.canEdit ? (
        problem(NOTE_READ_ONLY)
      ) : (
        children(note, clientId)
      )}
    </NotePanelFrame>
  );
}
