import '../../styles/client-records.css';
import './clientAppointments.css';
import { APPOINTMENT_MESSAGES, type Appointment } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useClientAppointments } from '../../api/diarySettings.ts';
import { PanelFrame, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { SubViewTable } from '../../components/SubViewTable.tsx';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';
import { INVOICE_STATE_LABELS, statusText, wallClockText } from './appointmentLabels.ts';

const muted = (text: string | null) => text ?? <span className="muted">—</span>;

/** Tab 27, View appointments: the client's appointments, past and upcoming, latest first. */
export function ClientAppointmentsPanel({ clientId, onCancel }: ClientPanelProps) {
  const appointments = useClientAppointments(clientId);
  const title = useTitleWithClient('View appointments', clientId);

  if (clientId === undefined || appointments.isError) {
    const text =
      clientId === undefined
        ? 'No client was chosen. Choose a client in the list first.'
        : "The client's appointments could not be loaded.";
    return (
      <PanelFrame title={title}>
        <PanelNotice tone={appointments.isError ? 'error' : 'info'} text={text} onCancel={onCancel} />
      </PanelFrame>
    );
  }

  const now = Date.now();
  return (
    <PanelFrame title={title}>
      <div className="record-toolbar">
        <Button
          type="button"
          label="Back to the client list"
          icon="pi pi-arrow-left"
          outlined
          onClick={onCancel}
        />
      </div>
      <SubViewTable
        rows={appointments.data}
        loading={appointments.isPending}
        label="Appointments"
        empty={appointments.isPending ? APPOINTMENT_MESSAGES.loading : APPOINTMENT_MESSAGES.noAppointments}
        emptyTestId="records-empty"
        minWidth="60rem"
      >
        <Column
          field="start"
          header="When"
          sortable
          body={(a: Appointment) => (
            <span className="appointment-when">
              {wallClockText(a.startLocal)}–{a.endLocal.slice(11)}{' '}
              {Date.parse(a.start) > now && <Tag value="Upcoming" className="appointment-upcoming" />}
            </span>
          )}
        />
        <Column field="typeName" header="Type" sortable />
        <Column field="practitionerName" header="Practitioner" sortable />
        <Column field="roomName" header="Room" sortable body={(a: Appointment) => muted(a.roomName)} />
        <Column field="status" header="Status" sortable body={(a: Appointment) => statusText(a)} />
        <Column
          field="invoiceStatus"
          header="Invoice"
          sortable
          body={(a: Appointment) => INVOICE_STATE_LABELS[a.invoiceStatus]}
        />
      </SubViewTable>
    </PanelFrame>
  );
}
