import { APPOINTMENT_MESSAGES, type Appointment } from '@pd/contracts';
import { useClientAppointments } from '../../api/diarySettings.ts';
import { statusText, wallClockText } from '../client-appointments/appointmentLabels.ts';
import { CardLoading, CardProblem, RecordCard } from './RecordCard.tsx';

const SHOWN = 3;

/** The next appointments, soonest first; the Appointments section lists them all. */
export function UpcomingCard({ clientId }: { clientId: number }) {
  const appointments = useClientAppointments(clientId);
  const now = Date.now();
  const upcoming = (appointments.data ?? [])
    .filter((a) => Date.parse(a.start) > now && a.status !== 'cancelled' && a.status !== 'entered-in-error')
    .sort((a, b) => a.start.localeCompare(b.start));
  return (
    <RecordCard title="Upcoming appointments" testId="record-upcoming">
      {appointments.isPending ? (
        <CardLoading text={APPOINTMENT_MESSAGES.loading} />
      ) : appointments.isError ? (
        <CardProblem text="The appointments could not be loaded." retry={() => void appointments.refetch()} />
      ) : upcoming.length === 0 ? (
        <p className="muted">No upcoming appointments.</p>
      ) : (
        <>
          <ul className="record-list record-upcoming">
            {upcoming.slice(0, SHOWN).map((a: Appointment) => (
              <li key={a.id}>
                <strong>{wallClockText(a.startLocal)}</strong> {a.typeName} with {a.practitionerName}
                {a.roomName ? `, ${a.roomName}` : ''} <span className="muted">({statusText(a)})</span>
              </li>
            ))}
          </ul>
          {upcoming.length > SHOWN && (
            <p className="muted">{`${upcoming.length - SHOWN} more in the Appointments section below.`}</p>
          )}
        </>
      )}
    </RecordCard>
  );
}
