import { ApiError } from '../../../api/client.ts';
import { useClientConfig, useClientRecord } from '../../../api/clientForms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { useFreshData } from '../../../lib/useFreshData.ts';
import { HealthcareForm } from './healthcare/HealthcareForm.tsx';
import { CLIENT_NOT_FOUND, NO_CLIENT_CHOSEN } from './UpdateClientPanel.tsx';

export const HEALTHCARE_NOT_AVAILABLE =
  'Advanced healthcare update is not available: healthcare details are kept by healthcare practices only.';

/** Tab 3, Advanced healthcare update: company type H only (spec section 2), in the API too (403). */
export function HealthcarePanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { company } = useSession();
  const healthcare = company.type === 'H';
  const record = useClientRecord(healthcare ? clientId : undefined);
  const config = useClientConfig(clientId, healthcare);
  const client = useFreshData(record);
  const details = useFreshData(config);
  const title = client ? `Advanced healthcare update: ${client.name}` : 'Advanced healthcare update';
  return (
    <PanelFrame title={title}>
      {!healthcare ? (
        <PanelNotice text={HEALTHCARE_NOT_AVAILABLE} onCancel={onCancel} />
      ) : clientId === undefined ? (
        <PanelNotice text={NO_CLIENT_CHOSEN} onCancel={onCancel} />
      ) : record.isError || config.isError ? (
        <PanelNotice tone="error" text={loadFailure(record.error ?? config.error)} onCancel={onCancel} />
      ) : !client || !details ? (
        <PanelLoading text="Loading the healthcare details…" />
      ) : (
        <HealthcareForm key={clientId} client={client} config={details} onDone={onDone} onCancel={onCancel} />
      )}
    </PanelFrame>
  );
}

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return error.message;
  if (error instanceof ApiError && error.status === 404) return CLIENT_NOT_FOUND;
  return 'The healthcare details could not be loaded. Please try again.';
}
