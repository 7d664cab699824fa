import { Calendar } from 'primereact/calendar';
import { isoOfPicked, pickedOfIso } from '../lib/pickedDates.ts';

/** A list's "From" or "To" day (YYYY-MM-DD in the company's zone), cleared with the button bar. */
export function DayFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={pickedOfIso(value)}
        onChange={(e) => onChange(e.value instanceof Date ? isoOfPicked(e.value) : undefined)}
        dateFormat="yy-mm-dd"
        placeholder="yyyy-mm-dd"
        showIcon
        showButtonBar
      />
    </div>
  );
}
