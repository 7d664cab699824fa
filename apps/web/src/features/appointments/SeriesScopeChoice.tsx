import type { SeriesScope } from '@pd/contracts';
import { RadioButton } from 'primereact/radiobutton';

export const SERIES_SCOPE_CHOICES: { value: SeriesScope; label: string }[] = [
  { value: 'this', label: 'This appointment' },
  { value: 'following', label: 'This and following' },
  { value: 'all', label: 'All in the series' },
];

interface SeriesScopeChoiceProps {
  legend: string;
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  /** Names the radio group and prefixes the inputs' ids. */
  name: string;
  testId: string;
}

/** Which occurrences of a series a change reaches: the booking panel's question, and a drag's. */
export function SeriesScopeChoice({ legend, value, onChange, name, testId }: SeriesScopeChoiceProps) {
  return (
    <fieldset className="diary-scope" data-testid={testId}>
      <legend>{legend}</legend>
      {SERIES_SCOPE_CHOICES.map((s) => (
        <span key={s.value} className="diary-scope__choice">
          <RadioButton
            inputId={`${name}-${s.value}`}
            name={name}
            value={s.value}
            checked={value === s.value}
            onChange={() => onChange(s.value)}
          />
          <label htmlFor={`${name}-${s.value}`}>{s.label}</label>
        </span>
      ))}
    </fieldset>
  );
}
