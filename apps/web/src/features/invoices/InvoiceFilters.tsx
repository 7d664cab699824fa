import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { InvoiceListParams } from '../../api/invoices.ts';
import { isoOfPicked, pickedOfIso } from './dates.ts';

interface InvoiceFiltersProps {
  query: InvoiceListParams;
  onChange: (changes: Partial<Record<'search' | 'start' | 'end', string | undefined>>) => void;
  onClear: () => void;
}

/** Search (client name or invoice number, on Enter or the button) and the invoiced date range. */
export function InvoiceFilters({ query, onChange, onClear }: InvoiceFiltersProps) {
  const [text, setText] = useState(query.search ?? '');
  // Spec section 7: searches send the lowercased query text.
  const apply = () => onChange({ search: text.trim().toLowerCase() || undefined });
  const range = (name: 'start' | 'end', label: string) => {
    const bound =
      name === 'end' ? { minDate: pickedOfIso(query.start) } : { maxDate: pickedOfIso(query.end) };
    return (
      <div className="field">
        <label htmlFor={`invoices-${name}`}>{label}</label>
        <Calendar
          inputId={`invoices-${name}`}
          value={pickedOfIso(query[name])}
          onChange={(e) => onChange({ [name]: e.value instanceof Date ? isoOfPicked(e.value) : undefined })}
          minDate={bound.minDate ?? undefined}
          maxDate={bound.maxDate ?? undefined}
          dateFormat="yy-mm-dd"
          placeholder="yyyy-mm-dd"
          showIcon
          showButtonBar
          showOnFocus={false}
        />
      </div>
    );
  };
  return (
    <search className="admin-filters" aria-label="Invoice filters">
      <div className="field admin-filters__search">
        <label htmlFor="invoices-search">Search</label>
        <InputText
          id="invoices-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          placeholder="Client or invoice number"
          aria-describedby="invoices-search-hint"
        />
        <small id="invoices-search-hint" className="muted">
          Press Enter to search.
        </small>
      </div>
      {range('start', 'Invoiced from')}
      {range('end', 'Invoiced to')}
      <Button type="button" label="Search" icon="pi pi-search" onClick={apply} />
      <Button
        type="button"
        label="Clear"
        icon="pi pi-filter-slash"
        outlined
        onClick={() => {
          setText('');
          onClear();
        }}
      />
    </search>
  );
}
