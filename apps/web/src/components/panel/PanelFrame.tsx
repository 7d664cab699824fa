import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';
import '../../styles/client-forms.css';

/** A panel of the Clients page: its heading, then the form or a loading or unavailable state. */
export function PanelFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="client-panel" aria-labelledby="client-panel-title">
      <header className="client-panel__header">
        <h2 id="client-panel-title">{title}</h2>
        {lead && <p className="client-panel__lead">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

export function PanelLoading({ text }: { text: string }) {
  return (
    <div className="client-panel__loading" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="5" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Why the panel cannot be used here, with the way back to the list. */
export function PanelNotice({
  text,
  tone = 'info',
  onCancel,
}: {
  text: string;
  tone?: 'info' | 'error';
  onCancel: () => void;
}) {
  return (
    <>
      <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
        <span
          className={`pi ${tone === 'error' ? 'pi-exclamation-triangle' : 'pi-info-circle'}`}
          aria-hidden="true"
        />
        <span data-testid="panel-notice">{text}</span>
      </div>
      <Button
        type="button"
        label="Back to the client list"
        icon="pi pi-arrow-left"
        outlined
        onClick={onCancel}
      />
    </>
  );
}
