import './diary.css';
import { APPOINTMENT_MESSAGES, wallClockStringOf } from '@pd/contracts';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useTimeZone } from '../../lib/company.ts';
import { isoOfPicked, pickedOfIso } from '../../lib/pickedDates.ts';
import { AppointmentDialog, type PanelState } from './AppointmentDialog.tsx';
import { DiaryCalendar, NO_ROOM, roomOfColumn } from './DiaryCalendar.tsx';
import { type DiaryFilters, DiaryToolbar } from './DiaryToolbar.tsx';
import { useAbsences, useAppointmentTypes, useDiary, usePractitioners, useRooms } from './diaryApi.ts';
import { DIARY_VIEWS, type DiaryView, shownDays } from './diaryRange.ts';
import { floatingOf, minutesBetween, rangeInstants } from './diaryTime.ts';
import { EndOfDayDialog } from './EndOfDayDialog.tsx';
import { FreeSlotsDialog } from './FreeSlotsDialog.tsx';
import { MoveSeriesDialog } from './MoveSeriesDialog.tsx';
import { DEFAULT_STATUSES } from './statusLabels.ts';
import { useDiaryMove } from './useDiaryMove.ts';

const TITLE = 'Appointments';

/** The view and day live in the address (/#/commonAppointments?view=week&date=2030-01-07): links and reloads keep them. */
function useDiaryPlace(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const view = (DIARY_VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as DiaryView)
    : 'day';
  const date = pickedOfIso(params.get('date')) ?? floatingOf(wallClockStringOf(new Date(), timeZone));
  const navigate = (next: Date, nextView: DiaryView) =>
    setParams(
      (p) => {
        p.set('view', nextView);
        p.set('date', isoOfPicked(next));
        return p;
      },
      { replace: true },
    );
  return { view, date, navigate };
}

/** /#/commonAppointments: the practice diary (issue 15, part 6). */
export function DiaryPage() {
  usePageTitle(TITLE);
  const { user } = useSession();
  const timeZone = useTimeZone();
  const companyId = user.companyId;
  const { view, date, navigate } = useDiaryPlace(timeZone);
  const [grouping, setGrouping] = useState<'practitioners' | 'rooms'>('practitioners');
  const [filters, setFilters] = useState<DiaryFilters>({
    practitionerId: null,
    roomId: null,
    typeId: null,
    statuses: DEFAULT_STATUSES,
  });
  const [panel, setPanel] = useState<PanelState | null>(null);
  const [extra, setExtra] = useState<'slots' | 'end-of-day' | null>(null);
  const move = useDiaryMove(grouping);
  const practitioners = usePractitioners(companyId);
  const rooms = useRooms(companyId);
  const types = useAppointmentTypes(companyId);
  const active = useMemo(
    () => (practitioners.data ?? []).filter((p) => p.active === 'Y'),
    [practitioners.data],
  );
  // A week or a month is one practitioner's: the one chosen, else the signed-in user if they see patients,
  // else the first (a month of every practitioner of a busy practice is tens of thousands of appointments).
  const weekPractitioner =
    view === 'week' || view === 'month'
      ? (active.find((p) => p.userId === filters.practitionerId) ??
        active.find((p) => p.userId === user.id) ??
        active[0])
      : undefined;
  const practitionerId = weekPractitioner?.userId ?? filters.practitionerId ?? undefined;
  const days = shownDays(view, date);
  const range = {
    ...rangeInstants(days.first, days.last, timeZone),
    practitionerId,
    roomId: filters.roomId ?? undefined,
    typeId: filters.typeId ?? undefined,
    status: filters.statuses.join(',') || undefined,
  };
  const diary = useDiary(companyId, range);
  const absences = useAbsences(companyId, days.first, days.last);
  const resources =
    view !== 'day'
      ? undefined
      : grouping === 'rooms'
        ? [
            ...(rooms.data ?? [])
              .filter((r) => r.active === 'Y' && (!filters.roomId || r.id === filters.roomId))
              .map((r) => ({ id: r.id, title: r.name })),
            // Appointments booked without a room stay visible, and can be dragged into one.
            ...(filters.roomId ? [] : [NO_ROOM]),
          ]
        : active
            .filter((p) => !filters.practitionerId || p.userId === filters.practitionerId)
            .map((p) => ({ id: p.userId, title: p.displayName }));
  const bookAt = (start: Date, end: Date | null, resourceId?: number) => {
    const column =
      grouping === 'rooms' ? { roomId: resourceId === undefined ? null : roomOfColumn(resourceId) } : {};
    const who = grouping === 'practitioners' && resourceId !== undefined ? resourceId : practitionerId;
    const practitioner = active.find((p) => p.userId === who);
    setPanel({
      kind: 'book',
      defaults: {
        start,
        minutes: end && minutesBetween(start, end) > 15 ? minutesBetween(start, end) : null,
        practitionerId: practitioner?.userId ?? null,
        roomId: practitioner?.defaultRoomId ?? null,
        typeId: filters.typeId,
        ...column,
      },
    });
  };
  const loading = practitioners.isPending || rooms.isPending || types.isPending;
  const failed = practitioners.isError || rooms.isError || types.isError || diary.isError;
  return (
    <section className="page diary-page" aria-labelledby="page-heading">
      <div className="page__header diary-page__header">
        <h1 id="page-heading">{TITLE}</h1>
        <div className="diary-page__actions">
          <Button
            type="button"
            label="New appointment"
            icon="pi pi-plus"
            onClick={() => {
              const start = new Date(date);
              start.setHours(9, 0, 0, 0);
              bookAt(start, null);
            }}
          />
          <Button
            type="button"
            label="Next free slot"
            icon="pi pi-search"
            outlined
            onClick={() => setExtra('slots')}
          />
          <Button
            type="button"
            label="End of day"
            icon="pi pi-list-check"
            outlined
            onClick={() => setExtra('end-of-day')}
          />
        </div>
      </div>
      <DiaryToolbar
        view={view}
        date={date}
        grouping={grouping}
        filters={{ ...filters, practitionerId: practitionerId ?? null }}
        practitioners={active}
        rooms={(rooms.data ?? []).filter((r) => r.active === 'Y')}
        types={types.data ?? []}
        onNavigate={navigate}
        onGrouping={setGrouping}
        onFilters={setFilters}
      />
      {move.error && (
        <div className="notice notice--error diary-move-error" role="alert" data-testid="move-error">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{move.error}</span>
          <Button type="button" icon="pi pi-times" text aria-label="Dismiss" onClick={move.dismissError} />
        </div>
      )}
      {failed && (
        <div className="notice notice--error" role="alert" data-testid="diary-error">
          <span>The diary could not be loaded. {diary.error?.message ?? ''}</span>
          <Button
            type="button"
            label="Try again"
            size="small"
            text
            onClick={() => {
              for (const query of [practitioners, rooms, types, diary])
                if (query.isError) void query.refetch();
            }}
          />
        </div>
      )}
      {loading ? (
        <div className="client-panel__loading" role="status" aria-live="polite">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="5" aria-hidden="true" />
          <span>{APPOINTMENT_MESSAGES.loading}</span>
        </div>
      ) : active.length === 0 ? (
        <div className="notice notice--info" role="status">
          No practitioners yet. An administrator makes users practitioners under Settings.
        </div>
      ) : (
        <div className="diary-page__calendar" data-testid="diary" aria-busy={diary.isFetching}>
          {diary.isFetching && (
            <p className="diary-page__empty" role="status" data-testid="diary-loading">
              {APPOINTMENT_MESSAGES.loading}
            </p>
          )}
          {diary.isSuccess && !diary.isFetching && diary.data.length === 0 && view !== 'agenda' && (
            <p className="diary-page__empty" role="status" data-testid="diary-empty">
              {APPOINTMENT_MESSAGES.noAppointments}
            </p>
          )}
          <DiaryCalendar
            view={view}
            date={date}
            appointments={move.shown(diary.data ?? [])}
            resources={resources}
            grouping={grouping}
            weekPractitioner={weekPractitioner}
            practitioners={active}
            absences={absences}
            onNavigate={navigate}
            onSlot={(start, end, resourceId) => bookAt(start, end, resourceId)}
            onOpen={(appointment) => setPanel({ kind: 'edit', appointment })}
            onMove={move.onMove}
          />
        </div>
      )}
      {panel && (
        <AppointmentDialog
          panel={panel}
          practitioners={practitioners.data ?? []}
          rooms={rooms.data ?? []}
          types={types.data ?? []}
          onClose={() => setPanel(null)}
        />
      )}
      {move.asking && (
        <MoveSeriesDialog
          move={move.asking}
          column={resources?.find((r) => r.id === move.newColumn)?.title}
          onMove={move.answer}
          onCancel={move.cancel}
        />
      )}
      {extra === 'slots' && (
        <FreeSlotsDialog
          practitioners={active}
          types={(types.data ?? []).filter((t) => t.active === 'Y')}
          onClose={() => setExtra(null)}
          onPick={(defaults) => {
            setExtra(null);
            setPanel({ kind: 'book', defaults });
          }}
        />
      )}
      {extra === 'end-of-day' && <EndOfDayDialog date={isoOfPicked(date)} onClose={() => setExtra(null)} />}
    </section>
  );
}
