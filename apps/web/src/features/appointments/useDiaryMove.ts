import { APPOINTMENT_MESSAGES, type Appointment, type SeriesScope } from '@pd/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { type DiaryMove, NO_ROOM, roomOfColumn } from './DiaryCalendar.tsx';
import { diaryApi, useDiaryChange } from './diaryApi.ts';
import { wallClockOfFloating } from './diaryTime.ts';

type Grouping = 'practitioners' | 'rooms';

/** The column a move landed in, as the appointment's practitioner or room (day view; none in the others). */
const columnOf = (m: DiaryMove, grouping: Grouping) =>
  m.resourceId === undefined
    ? {}
    : grouping === 'rooms'
      ? { roomId: roomOfColumn(m.resourceId) }
      : { practitionerId: m.resourceId };

const newColumnOf = (m: DiaryMove, grouping: Grouping) =>
  m.resourceId !==
  (grouping === 'rooms' ? (m.appointment.roomId ?? NO_ROOM.id) : m.appointment.practitionerId)
    ? m.resourceId
    : undefined;

/** An appointment as it would be after the move, to show it there while the move is asked or saved. */
const movedOf = (a: Appointment, m: DiaryMove, grouping: Grouping): Appointment => ({
  ...a,
  startLocal: wallClockOfFloating(m.start),
  endLocal: wallClockOfFloating(m.end),
  ...columnOf(m, grouping),
});

/**
 * Dragging and stretching appointments. A single appointment moves at once; an occurrence of a series waits
 * at its new place while the receptionist says which occurrences move (as the booking panel asks), and goes
 * back where it was if they cancel.
 */
export function useDiaryMove(grouping: Grouping) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  // A series occurrence's move: asked about, then (answered) being saved.
  const [pending, setPending] = useState<{ move: DiaryMove; answered: boolean } | null>(null);
  const change = useDiaryChange(async ({ move: m, scope }: { move: DiaryMove; scope: SeriesScope }) => {
    const body = {
      start: wallClockOfFloating(m.start),
      end: wallClockOfFloating(m.end),
      ...columnOf(m, grouping),
    };
    if (m.appointment.seriesId !== null && scope !== 'this')
      await diaryApi.updateSeries(m.appointment.id, { ...body, scope });
    else await diaryApi.update(m.appointment.id, body);
  });
  const send = (m: DiaryMove, scope: SeriesScope) => {
    setError(null);
    change.mutate(
      { move: m, scope },
      {
        onSuccess: () => toast.success(APPOINTMENT_MESSAGES.moved),
        onError: (failure) => {
          const clash = failure instanceof ApiError && failure.status === 409;
          toast.error(clash ? APPOINTMENT_MESSAGES.clash : APPOINTMENT_MESSAGES.updateFailed);
          const details = failure instanceof ApiError ? failure.fields.map((f) => f.message) : [];
          setError(
            [`${m.appointment.clientName} was not moved.`, failure.message, ...details]
              .filter(Boolean)
              .join(' '),
          );
        },
        onSettled: () => setPending(null),
      },
    );
  };
  return {
    /** Why the last move was refused, until dismissed or the next move. */
    error,
    dismissError: () => setError(null),
    onMove: (m: DiaryMove) => {
      setError(null);
      if (m.appointment.seriesId === null) send(m, 'this');
      else setPending({ move: m, answered: false });
    },
    /** The series move waiting for its scope. */
    asking: pending && !pending.answered ? pending.move : null,
    /** The practitioner or room that move takes it to, if another one. */
    newColumn: pending ? newColumnOf(pending.move, grouping) : undefined,
    answer: (scope: SeriesScope) => {
      if (!pending) return;
      setPending({ move: pending.move, answered: true });
      send(pending.move, scope);
    },
    cancel: () => setPending(null),
    /** The diary's appointments with a pending series move shown at its new place. */
    shown: (appointments: Appointment[]) =>
      pending
        ? appointments.map((a) =>
            a.id === pending.move.appointment.id ? movedOf(a, pending.move, grouping) : a,
          )
        : appointments,
  };
}
