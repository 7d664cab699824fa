import { Dropdown } from 'primereact/dropdown';

export interface FilterDropdownProps {
  id: string;
  label: string;
  value: string | number | null;
  options: { value: string | number; label: string }[];
  onChange: (value: unknown) => void;
  /** The placeholder when cleared; absent: the choice cannot be cleared. */
  clearTo?: string;
}

/**
 * A labelled filter. The native select PrimeReact keeps for form posts is hidden from assistive technology,
 * and the trigger is named.
 */
export function FilterDropdown({ id, label, value, options, onChange, clearTo }: FilterDropdownProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        pt={{ select: { 'aria-hidden': true }, trigger: { 'aria-label': `Choose ${label.toLowerCase()}` } }}
        value={value}
        options={options}
        onChange={(e) => onChange(e.value)}
        showClear={clearTo !== undefined}
        placeholder={clearTo}
      />
    </div>
  );
}
