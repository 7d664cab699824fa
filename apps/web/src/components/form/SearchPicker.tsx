import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { type ReactNode, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

export interface SearchPickerProps<T extends object> extends FieldProps {
  /** Also names the clear button ("Clear Billing client"). */
  label: string;
  /** Runs the search; the query is sent lowercased by the API layer. */
  search: (query: string) => Promise<T[]>;
  /** Property shown in the input once a record is chosen. */
  display: keyof T & string;
  itemTemplate: (item: T) => ReactNode;
  emptyMessage: string;
  placeholder?: string;
  /** A line under the input about the chosen record. */
  describe?: (item: T) => ReactNode;
  warning?: (value: unknown) => string | undefined;
}

/**
 * PrimeReact AutoComplete type-ahead over an API search, with a clear button; holds the chosen record.
 * No forceSelection: it wiped a chosen record on blur now and then, and typed text should not vanish
 * anyway. Text left unchosen is reported by the form's check instead.
 */
export function SearchPicker<T extends object>(props: SearchPickerProps<T>) {
  const { search, display, itemTemplate, emptyMessage, placeholder, describe, warning, ...field } = props;
  const { control, watch } = useFormContext();
  // `closed`: an answer nobody waits for any more; an empty list without the empty message closes the panel.
  const [result, setResult] = useState<{ items: T[]; closed: boolean }>({ items: [], closed: true });
  const latest = useRef('');
  // The user closed the list (Escape) or chose: an answer still on its way must not reopen it.
  const dismissed = useRef(false);
  const value = watch(field.name) as T | string | null;
  const current = useRef(value);
  current.current = value;
  const chosen = value && typeof value === 'object' ? value : null;

  const complete = async (query: string) => {
    latest.current = query;
    let found: T[] = [];
    try {
      found = query.trim() ? await search(query) : [];
    } catch {
      // A failed search offers nothing to choose; the user can type again.
    }
    if (latest.current !== query) return; // a newer search answers instead
    const typed = current.current;
    // Chosen, cleared or dismissed while the search ran: reopening the list now would only get in the way.
    if (dismissed.current || typeof typed !== 'string' || typed !== query)
      setResult({ items: [], closed: true });
    else setResult({ items: found, closed: false });
  };

  return (
    <FieldShell
      {...field}
      hint={chosen && describe ? describe(chosen) : field.hint}
      warning={warning?.(value)}
    >
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <div className="client-form__picker">
              <AutoComplete<T>
                {...aria}
                inputId={id}
                inputRef={f.ref}
                value={f.value ?? ''}
                // PrimeReact types suggestions with a conditional type TypeScript cannot resolve for a generic T.
                suggestions={result.items as never}
                completeMethod={(e) => void complete(e.query)}
                field={display}
                itemTemplate={(item: T) => itemTemplate(item)}
                onChange={(e) => {
                  const next: unknown = e.value;
                  if (typeof next === 'string') dismissed.current = false;
                  f.onChange(next === '' ? null : (next ?? null));
                }}
                onBlur={f.onBlur}
                onSelect={() => {
                  dismissed.current = true;
                }}
                onKeyUp={(e) => {
                  if (e.key === 'Escape') dismissed.current = true;
                }}
                delay={250}
                showEmptyMessage={!result.closed}
                emptyMessage={emptyMessage}
                placeholder={placeholder ?? 'Type to search'}
                invalid={invalid}
                className="client-form__control"
                inputClassName="client-form__picker-input"
              />
              {f.value ? (
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  aria-label={`Clear ${field.label}`}
                  onClick={() => {
                    f.onChange(null);
                    setResult({ items: [], closed: true });
                  }}
                  className="client-form__picker-clear"
                />
              ) : null}
            </div>
          )}
        />
      )}
    </FieldShell>
  );
}
