import {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  type AppointmentType,
  type Practitioner,
  type Room,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { MultiSelect } from 'primereact/multiselect';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { DIARY_VIEWS, type DiaryView, rangeLabel, stepDate } from './diaryRange.ts';
import { STATUS_LABELS } from './statusLabels.ts';

export interface DiaryFilters {
  practitionerId: number | null;
  roomId: number | null;
  typeId: number | null;
  statuses: AppointmentStatus[];
}

interface DiaryToolbarProps {
  view: DiaryView;
  date: Date;
  grouping: 'practitioners' | 'rooms';
  filters: DiaryFilters;
  practitioners: Practitioner[];
  rooms: Room[];
  types: AppointmentType[];
  onNavigate: (date: Date, view: DiaryView) => void;
  onGrouping: (grouping: 'practitioners' | 'rooms') => void;
  onFilters: (filters: DiaryFilters) => void;
}

const VIEW_OPTIONS = DIARY_VIEWS.map((v) => ({ value: v, label: v[0]?.toUpperCase() + v.slice(1) }));
const GROUP_OPTIONS = [
  { value: 'practitioners', label: 'Practitioners' },
  { value: 'rooms', label: 'Rooms' },
];
const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** Today, back and forward, the shown range, the view, a date picker, the grouping and the filters. */
export function DiaryToolbar(props: DiaryToolbarProps) {
  const { view, date, filters, onNavigate, onFilters } = props;
  const choose = (key: 'practitionerId' | 'roomId' | 'typeId', value: unknown) =>
    onFilters({ ...filters, [key]: typeof value === 'number' ? value : null });
  return (
    <div className="diary-toolbar">
      <div className="diary-toolbar__row">
        <div className="diary-toolbar__nav">
          <Button type="button" label="Today" outlined onClick={() => onNavigate(new Date(), view)} />
          <Button
            type="button"
            icon="pi pi-chevron-left"
            text
            aria-label="Previous"
            onClick={() => onNavigate(stepDate(view, date, -1), view)}
          />
          <Button
            type="button"
            icon="pi pi-chevron-right"
            text
            aria-label="Next"
            onClick={() => onNavigate(stepDate(view, date, 1), view)}
          />
          <h2 className="diary-toolbar__label" data-testid="diary-range" aria-live="polite">
            {rangeLabel(view, date)}
          </h2>
        </div>
        <div className="diary-toolbar__views">
          <label htmlFor="diary-date" className="sr-only">
            Go to date
          </label>
          <Calendar
            inputId="diary-date"
            value={date}
            onChange={(e) => e.value instanceof Date && onNavigate(e.value, view)}
            dateFormat="yy-mm-dd"
            showIcon
            className="diary-toolbar__date"
          />
          <fieldset className="diary-toolbar__switch">
            <legend className="sr-only">Diary view</legend>
            {VIEW_OPTIONS.map((option) => (
              <Button
                key={option.value}
                type="button"
                label={option.label}
                outlined={option.value !== view}
                aria-pressed={option.value === view}
                onClick={() => onNavigate(date, option.value)}
              />
            ))}
          </fieldset>
        </div>
      </div>
      <fieldset className="diary-toolbar__filters">
        <legend className="sr-only">Diary filters</legend>
        {view === 'day' && (
          <FilterDropdown
            id="diary-grouping"
            label="Side by side"
            value={props.grouping}
            options={GROUP_OPTIONS}
            onChange={(value) => props.onGrouping(value === 'rooms' ? 'rooms' : 'practitioners')}
          />
        )}
        <FilterDropdown
          id="diary-practitioner"
          label="Practitioner"
          value={filters.practitionerId}
          options={props.practitioners.map((p) => ({ value: p.userId, label: p.displayName }))}
          onChange={(value) => choose('practitionerId', value)}
          clearTo={view === 'week' || view === 'month' ? undefined : 'All practitioners'}
        />
        <FilterDropdown
          id="diary-room"
          label="Room"
          value={filters.roomId}
          options={props.rooms.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(value) => choose('roomId', value)}
          clearTo="All rooms"
        />
        <FilterDropdown
          id="diary-type"
          label="Type"
          value={filters.typeId}
          options={props.types.map((t) => ({ value: t.id, label: t.name }))}
          onChange={(value) => choose('typeId', value)}
          clearTo="All types"
        />
        <div className="field">
          <label htmlFor="diary-status">Status</label>
          <MultiSelect
            inputId="diary-status"
            value={filters.statuses}
            options={STATUS_OPTIONS}
            onChange={(e) => onFilters({ ...filters, statuses: e.value as AppointmentStatus[] })}
            placeholder="All statuses"
            maxSelectedLabels={2}
            selectedItemsLabel="{0} statuses"
          />
        </div>
      </fieldset>
    </div>
  );
}
