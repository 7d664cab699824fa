import {
  CLIENT_TABS,
  formatDateTimeIn,
  NOTE_FORMATS,
  NOTE_STATUSES,
  NOTE_TYPES,
  type Note,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useSession } from '../../app/auth/authContext.ts';
import { YES_NO_LABELS } from '../../components/form/options.ts';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { RichTextView } from '../../components/RichTextView.tsx';
import { OneNotePanel } from './NotePanelFrame.tsx';
import { isDrawing } from './noteFormValues.ts';

/** Tab 20: one note, read-only. Rich text is sanitised again here; a drawing is shown as its image. */
export function NoteViewPanel({ clientId, itemId, onDone, openPanel }: ClientPanelProps) {
  return (
    <OneNotePanel tab={CLIENT_TABS.viewNote} clientId={clientId} itemId={itemId} onBack={onDone} wide>
      {(note) => (
        <NoteDetails
          note={note}
          onBack={onDone}
          onUpdate={() => openPanel?.(CLIENT_TABS.updateNote, note.id)}
        />
      )}
    </OneNotePanel>
  );
}

function NoteDetails({ note, onBack, onUpdate }: { note: Note; onBack: () => void; onUpdate: () => void }) {
  const { company } = useSession();
  const when = (iso: string) => formatDateTimeIn(iso, company.timeZone);
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
        <dd>{YES_NO_LABELS[note.sharable]}</dd>
        <dt>Editable</dt>
        <dd>{YES_NO_LABELS[note.editable]}</dd>
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
