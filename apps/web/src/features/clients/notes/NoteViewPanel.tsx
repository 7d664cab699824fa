import { NOTE_FORMATS, NOTE_STATUSES, NOTE_TYPES, type Note } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useNote } from '../../../api/notes.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { RichTextView } from '../../../components/RichTextView.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { formatWhen } from './format.ts';
import { NotePanelFrame, NotesLoading, NotesProblem } from './NotePanelFrame.tsx';
import { NOTE_TABS } from './NotesPanel.tsx';
import { isDrawing } from './noteFormValues.ts';

export const NOTE_NOT_FOUND =
  'This note was not found. It may have been deleted, or it is not shared with you.';
const YES_NO = { Y: 'Yes', N: 'No' } as const;

/** Tab 20: one note, read-only. Rich text is sanitised again here; a drawing is shown as its image. */
export function NoteViewPanel({ clientId, itemId, onDone, openPanel }: ClientPanelProps) {
  const { note, isPending, isError } = useNote(clientId, itemId);
  return (
    <NotePanelFrame
      title={PANEL_TITLES[20] ?? 'View note'}
      clientId={clientId}
      headingId="note-panel-heading"
      wide
    >
      {isPending ? (
        <NotesLoading text="Loading the note. Please wait." />
      ) : isError || !note ? (
        <NotesProblem text={NOTE_NOT_FOUND} onBack={onDone} backLabel="Back to the notes" />
      ) : (
        <NoteDetails note={note} onBack={onDone} onUpdate={() => openPanel?.(NOTE_TABS.update, note.id)} />
      )}
    </NotePanelFrame>
  );
}

function NoteDetails({ note, onBack, onUpdate }: { note: Note; onBack: () => void; onUpdate: () => void }) {
  const { company } = useSession();
  const when = (iso: string) => formatWhen(iso, company.timeZone);
  return (
    <article className="note-view" aria-labelledby="note-view-subject" data-note-id={note.id}>
      <h3 id="note-view-subject" className="note-view__subject" data-testid="note-subject">
        {note.subject}
      </h3>
      <dl className="details note-view__meta" data-testid="note-meta">
        <dt>Type</dt>
        <dd>{NOTE_TYPES[note.type]}</dd>
        <dt>Format</dt>
        <dd>{NOTE_FORMATS[note.format]}</dd>
        <dt>Status</dt>
        <dd>{NOTE_STATUSES[note.status]}</dd>
        <dt>Sharable</dt>
        <dd>{YES_NO[note.sharable]}</dd>
        <dt>Editable</dt>
        <dd>{YES_NO[note.editable]}</dd>
        <dt>Author</dt>
        <dd>{note.authorName}</dd>
        <dt>Created</dt>
        <dd>{when(note.created)}</dd>
        <dt>Updated</dt>
        <dd>{when(note.updated)}</dd>
      </dl>
      <div className="note-view__body" data-testid="note-body">
        {note.format === 'F' ? (
          isDrawing(note.description) ? (
            <div className="note-view__drawing">
              <img src={note.description} alt={`Drawing: ${note.subject}`} width={800} height={1500} />
            </div>
          ) : (
            <p className="muted">This drawing is empty.</p>
          )
        ) : (
          <RichTextView html={note.description} empty="This note has no text." className="note-view__text" />
        )}
      </div>
      <div className="clients-panel__actions">
        <Button type="button" label="Back to the notes" icon="pi pi-arrow-left" outlined onClick={onBack} />
        {note.canEdit && (
          <Button type="button" label="Update" icon="pi pi-pencil" outlined onClick={onUpdate} />
        )}
      </div>
    </article>
  );
}
