import type { Appointment, AppointmentType, Practitioner, Room, SeriesScope } from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { AppointmentActions } from './AppointmentActions.tsx';
import { BookingForm } from './BookingForm.tsx';
import type { BookingDefaults } from './bookingFormValues.ts';
import { SeriesScopeChoice } from './SeriesScopeChoice.tsx';

export type PanelState =
  | { kind: 'book'; defaults: BookingDefaults }
  | { kind: 'edit'; appointment: Appointment };

interface AppointmentDialogProps {
  panel: PanelState;
  practitioners: Practitioner[];
  rooms: Room[];
  types: AppointmentType[];
  onClose: () => void;
}

/** The booking panel: a new booking, or an appointment with its status actions and its form. */
export function AppointmentDialog({ panel, onClose, ...lists }: AppointmentDialogProps) {
  const [appointment, setAppointment] = useState(panel.kind === 'edit' ? panel.appointment : null);
  const [scope, setScope] = useState<SeriesScope>('this');
  const title = appointment ? `${appointment.clientName}, ${appointment.typeName}` : 'New appointment';
  return (
    <Dialog
      visible
      header={title}
      onHide={onClose}
      className="diary-dialog"
      style={{ width: 'min(52rem, 96vw)' }}
      data-testid="appointment-dialog"
      blockScroll
    >
      {appointment?.seriesId != null && (
        <SeriesScopeChoice
          legend="Part of a series: changes and cancellations apply to"
          value={scope}
          onChange={setScope}
          name="series-scope"
          testId="series-scope"
        />
      )}
      {appointment && (
        <AppointmentActions appointment={appointment} scope={scope} onChanged={setAppointment} />
      )}
      <BookingForm
        key={appointment ? `${appointment.id} ${appointment.updated}` : 'new'}
        editing={appointment}
        defaults={panel.kind === 'book' ? panel.defaults : emptyDefaults}
        scope={scope}
        {...lists}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Dialog>
  );
}

const emptyDefaults: BookingDefaults = {
  start: new Date(),
  minutes: null,
  practitionerId: null,
  roomId: null,
  typeId: null,
};
