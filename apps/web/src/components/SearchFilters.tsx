import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { isoOfPicked, pickedOfIso } from '../lib/pickedDates.ts';

export type SearchFilter = 'search' | 'start' | 'end';

interface SearchFiltersProps {
  /** Ids are `${idPrefix}-search`, `${idPrefix}-start` and `${idPrefix}-end`. */
  idPrefix: string;
  /** Names the filters for screen readers, e.g. "Audit trail filters". */
  label: string;
  placeholder: string;
  startLabel: string;
  endLabel: string;
  query: Partial<Record<SearchFilter, string>>;
  onChange: (changes: Partial<Record<SearchFilter, string | undefined>>) => void;
  onClear: () => void;
}

/**
 * A list's search (applied on Enter or the button) and a range of days (applied at once); the list
 * follows. Spec section 7: searches send the lowercased query text.
 */
export function SearchFilters({
  idPrefix,
  label,
  placeholder,
  startLabel,
  endLabel,
  query,
  onChange,
  onClear,
}: SearchFiltersProps) {
  const [text, setText] = useState(query.search ?? '');
  // The search last sent from here: a different one in the address came from elsewhere (back, a link).
  const sent = useRef(query.search ?? '');
  useEffect(() => {
    const search = query.search ?? '';
    if (search !== sent.current) {
      sent.current = search;
      setText(search);
    }
  }, [query.search]);
  const apply = () => {
    const search = text.trim().toLowerCase();
    sent.current = search;
    onChange({ search: search || undefined });
  };
  const day = (name: 'start' | 'end', dayLabel: string) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${name}`}>{dayLabel}</label>
      <Calendar
        inputId={`${idPrefix}-${name}`}
        value={pickedOfIso(query[name])}
        onChange={(e) => onChange({ [name]: e.value instanceof Date ? isoOfPicked(e.value) : undefined })}
        dateFormat="yy-mm-dd"
        placeholder="yyyy-mm-dd"
        showIcon
        showButtonBar
        showOnFocus={false}
        // The range cannot turn round: the end is not before the start.
        minDate={name === 'end' ? (pickedOfIso(query.start) ?? undefined) : undefined}
        maxDate={name === 'start' ? (pickedOfIso(query.end) ?? undefined) : undefined}
      />
    </div>
  );
  return (
    <search className="admin-filters" aria-label={label}>
      <div className="field admin-filters__search">
        <label htmlFor={`${idPrefix}-search`}>Search</label>
        <InputText
          id={`${idPrefix}-search`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          placeholder={placeholder}
          aria-describedby={`${idPrefix}-search-hint`}
        />
        <small id={`${idPrefix}-search-hint`} className="muted">
          Press Enter to search.
        </small>
      </div>
      {day('start', startLabel)}
      {day('end', endLabel)}
      <Button type="button" label="Search" icon="pi pi-search" onClick={apply} />
      <Button
        type="button"
        label="Clear"
        icon="pi pi-filter-slash"
        outlined
        onClick={() => {
          sent.current = '';
          setText('');
          onClear();
        }}
      />
    </search>
  );
}
