import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useClient } from '../../../api/clients.ts';
import '../../../styles/client-forms.css';
import '../../../styles/client-notes.css';

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
