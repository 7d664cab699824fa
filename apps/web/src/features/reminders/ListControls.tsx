import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';

/** "… could not be loaded." with Try again: the Reminders page's lists and forecast. */
export function LoadProblem({
  failed,
  what,
  onRetry,
}: {
  failed: boolean;
  what: string;
  onRetry: () => void;
}) {
  if (!failed) return null;
  return (
    <div className="notice notice--error" role="alert">
      <span>{what} could not be loaded.</span>
      <Button type="button" label="Try again" size="small" text onClick={onRetry} />
    </div>
  );
}

/** A list's "Show" choice (which statuses); `id` names its input for the label. */
export function ShowFilter<V extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Show</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => onChange(e.value as V)}
        // PrimeReact names the open button after the placeholder.
        placeholder="Choose what to show"
        pt={{ select: { 'aria-hidden': true } }}
      />
    </div>
  );
}
