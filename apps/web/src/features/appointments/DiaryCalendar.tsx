import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { APPOINTMENT_MESSAGES, type Appointment, type Practitioner } from '@pd/contracts';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Calendar, dateFnsLocalizer, type SlotInfo } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import { type Absences, AGENDA_DAYS, type DiaryView, isWorkingSlot } from './diaryRange.ts';
import { floatingOf } from './diaryTime.ts';
import { STATUS_LABELS } from './statusLabels.ts';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-GB': enGB },
});

export interface DiaryEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | null;
  appointment: Appointment;
}

export interface DiaryResource {
  id: number;
  title: string;
}

/** The rooms view's column for appointments without a room (not 0: the calendar reads a falsy id as none). */
export const NO_ROOM: DiaryResource = { id: -1, title: 'No room' };
/** The room a rooms-view column stands for: null for the "No room" column. */
export const roomOfColumn = (columnId: number) => (columnId === NO_ROOM.id ? null : columnId);

/** A drag or a stretch: the new wall-clock start and end, and the column it landed in (day view). */
export interface DiaryMove {
  appointment: Appointment;
  start: Date;
  end: Date;
  resourceId: number | undefined;
}

/**
 * The drag-and-drop addon ships only as CommonJS (lib/, no ESM build): depending on the bundler's interop
 * its default export arrives as the function or wrapped once more in { default }.
 */
type WithDragAndDrop = typeof dragAndDrop.default;
const interop = dragAndDrop as unknown as { default: WithDragAndDrop | { default: WithDragAndDrop } };
const withDragAndDrop: WithDragAndDrop =
  typeof interop.default === 'function' ? interop.default : interop.default.default;
const DragAndDropCalendar = withDragAndDrop<DiaryEvent, DiaryResource>(Calendar);

interface DiaryCalendarProps {
  view: DiaryView;
  date: Date;
  appointments: Appointment[];
  /** Practitioners or rooms side by side (day view); absent: one column a day. */
  resources: DiaryResource[] | undefined;
  grouping: 'practitioners' | 'rooms';
  /** Whose hours shade the week view (the practitioner whose week it is). */
  weekPractitioner: Practitioner | undefined;
  practitioners: Practitioner[];
  absences: Absences;
  onNavigate: (date: Date, view: DiaryView) => void;
  onSlot: (start: Date, end: Date, resourceId: number | undefined) => void;
  onOpen: (appointment: Appointment) => void;
  onMove: (move: DiaryMove) => void;
}

const DONE = new Set(['cancelled', 'noshow', 'entered-in-error']);

function EventContent({ event }: { event: DiaryEvent }) {
  const a = event.appointment;
  return (
    <span className="diary-event" data-testid={`appointment-${a.id}`}>
      <span className="diary-event__client">{a.clientName}</span>
      <span className="diary-event__type">{a.typeName}</span>
      {a.status !== 'booked' && <span className="diary-event__status">{STATUS_LABELS[a.status]}</span>}
      {a.seriesId !== null && (
        <span className="diary-event__series">
          <span className="pi pi-replay" aria-hidden="true" />
          <span className="sr-only">Part of a series</span>
        </span>
      )}
    </span>
  );
}

/** react-big-calendar with drag and drop, in the company's wall clock (floating Dates: see diaryTime.ts). */
export function DiaryCalendar(props: DiaryCalendarProps) {
  const { view, date, appointments, resources, grouping, onSlot, onOpen, onMove } = props;
  const events = useMemo<DiaryEvent[]>(
    () =>
      appointments.map((a) => ({
        id: a.id,
        title: `${a.clientName}, ${a.typeName}`,
        start: floatingOf(a.startLocal),
        end: floatingOf(a.endLocal),
        resourceId: grouping === 'rooms' ? (a.roomId ?? NO_ROOM.id) : a.practitionerId,
        appointment: a,
      })),
    [appointments, grouping],
  );
  const byId = useMemo(() => new Map(props.practitioners.map((p) => [p.userId, p])), [props.practitioners]);
  const { weekPractitioner, absences } = props;
  const slotPropGetter = useCallback(
    (slot: Date, resourceId?: number | string) => {
      const practitioner =
        grouping === 'rooms' && view === 'day'
          ? undefined
          : view === 'day' && resourceId != null
            ? byId.get(Number(resourceId))
            : weekPractitioner;
      return isWorkingSlot(slot, practitioner, absences) ? {} : { className: 'diary-slot--closed' };
    },
    [byId, weekPractitioner, absences, grouping, view],
  );
  const eventPropGetter = useCallback(
    (event: DiaryEvent) => ({
      className: `diary-event--${event.appointment.status}${DONE.has(event.appointment.status) ? ' diary-event--done' : ''}`,
      style: { borderLeftColor: event.appointment.colour },
    }),
    [],
  );
  const move = ({ event, start, end, resourceId }: EventInteractionArgs<DiaryEvent>) =>
    onMove({
      appointment: event.appointment,
      start: new Date(start),
      end: new Date(end),
      resourceId: resourceId === undefined ? undefined : Number(resourceId),
    });
  // The time grid scrolls: keyboard users reach it with Tab and scroll it with the arrows, even on a day
  // with no appointment to focus (axe: scrollable-region-focusable). The calendar renders the grid itself.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const grid of box.current?.querySelectorAll('.rbc-time-content') ?? []) {
      grid.setAttribute('tabindex', '0');
      grid.setAttribute('role', 'region');
      grid.setAttribute('aria-label', 'Diary times');
    }
  });
  return (
    <div ref={box} className="diary-calendar">
      <DragAndDropCalendar
        localizer={localizer}
        culture="en-GB"
        toolbar={false}
        view={view}
        views={['day', 'week', 'month', 'agenda']}
        date={date}
        length={AGENDA_DAYS}
        onView={(next) => props.onNavigate(date, next as DiaryView)}
        onNavigate={(next, nextView) => props.onNavigate(next, nextView as DiaryView)}
        onDrillDown={(next) => props.onNavigate(next, 'day')}
        events={events}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        step={15}
        timeslots={4}
        scrollToTime={new Date(1970, 0, 1, 7, 0)}
        selectable
        resizable
        popup
        onSelectSlot={(slot: SlotInfo) =>
          onSlot(
            new Date(slot.start),
            new Date(slot.end),
            slot.resourceId === undefined ? undefined : Number(slot.resourceId),
          )
        }
        onSelectEvent={(event) => onOpen(event.appointment)}
        onKeyPressEvent={(event, e) => {
          const key = (e as { key?: string }).key;
          if (key === 'Enter' || key === ' ') {
            e.preventDefault();
            onOpen(event.appointment);
          }
        }}
        onEventDrop={move}
        onEventResize={move}
        draggableAccessor={(event) => !DONE.has(event.appointment.status)}
        resizableAccessor={(event) => !DONE.has(event.appointment.status)}
        slotPropGetter={slotPropGetter}
        eventPropGetter={eventPropGetter}
        components={{ event: EventContent }}
        formats={{
          timeGutterFormat: 'HH:mm',
          eventTimeRangeFormat: eventRange,
          agendaTimeRangeFormat: eventRange,
        }}
        messages={{
          noEventsInRange: APPOINTMENT_MESSAGES.noAppointments,
          showMore: (n: number) => `+${n} more`,
        }}
      />
    </div>
  );
}

const eventRange = ({ start, end }: { start: Date; end: Date }) =>
  `${format(start, 'HH:mm')}–${format(end, 'HH:mm')}`;
