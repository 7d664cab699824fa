import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import type { AuditQuery } from '../../api/messaging.ts';
import { isoOfPicked, pickedOfIso } from '../invoices/dates.ts';

interface AuditFiltersProps {
  query: AuditQuery;
  onChange: (changes: Partial<Record<keyof AuditQuery, string | undefined>>) => void;
  onClear: () => void;
}

/** Search (on Enter or the button) and a start and end date; the list follows at once. */
export function AuditFilters({ query, onChange, onClear }: AuditFiltersProps) {
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
  // Spec section 7: searches send the lowercased query text.
  const apply = () => {
    const search = text.trim().toLowerCase();
    sent.current = search;
    onChange({ search: search || undefined });
  };
  const dateField = (name: 'start' | 'end', label: string) => (
    <div className="field">
      <label htmlFor={`audit-${name}`}>{label}</label>
      <Calendar
        inputId={`audit-${name}`}
        value={pickedOfIso(query[name])}
        onChange={(e) => onChange({ [name]: e.value instanceof Date ? isoOfPicked(e.value) : undefined })}
        dateFormat="yy-mm-dd"
        placeholder="yyyy-mm-dd"
        showIcon
        showButtonBar
        showOnFocus={false}
        minDate={name === 'end' ? (pickedOfIso(query.start) ?? undefined) : undefined}
        maxDate={name === 'start' ? (pickedOfIso(query.end) ?? undefined) : undefined}
      />
    </div>
  );
  return (
    <search className="admin-filters" aria-label="Audit trail filters">
      <div className="field admin-filters__search">
        <label htmlFor="audit-search">Search</label>
        <span className="p-input-icon-left">
          <InputText
            id="audit-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
            placeholder="User, client, description…"
            aria-describedby="audit-search-hint"
          />
        </span>
        <small id="audit-search-hint" className="muted">
          Press Enter to search.
        </small>
      </div>
      {dateField('start', 'From')}
      {dateField('end', 'To')}
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
