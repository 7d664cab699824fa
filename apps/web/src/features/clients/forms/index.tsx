// Temporary: the client forms (tabs 2, 3, 4) are being built; each panel says so honestly until then.
import type { ClientPanelProps } from '../panelProps.ts';

function NotBuiltYet({ title, onCancel }: ClientPanelProps & { title: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <p>This form is being built.</p>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}

export const CreateClientPanel = (p: ClientPanelProps) => <NotBuiltYet {...p} title="New client" />;
export const UpdateClientPanel = (p: ClientPanelProps) => <NotBuiltYet {...p} title="Update client" />;
export const HealthcarePanel = (p: ClientPanelProps) => (
  <NotBuiltYet {...p} title="Advanced healthcare update" />
);
