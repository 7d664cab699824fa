import type { FormItem } from '@pd/contracts';
import type { ReactNode } from 'react';

/** The frame of one question: its label (or legend), required mark and error, tied to the control. */
export function Question({
  item,
  error,
  group,
  children,
}: {
  item: FormItem;
  error?: string;
  /** Radios and checkboxes: a fieldset with a legend; others: a label for the control `q-<linkId>`. */
  group?: boolean;
  children: ReactNode;
}) {
  const id = `q-${item.linkId}`;
  const title = (
    <>
      {item.text ?? item.linkId}
      {item.required && <span className="fill-required"> *</span>}
    </>
  );
  const message = error ? (
    <p className="fill-error" id={`${id}-error`} data-testid={`error-${item.linkId}`}>
      {error}
    </p>
  ) : null;
  return group ? (
    <fieldset
      className={`fill-question${error ? ' fill-question--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
      data-question={item.linkId}
    >
      <legend className="fill-label">{title}</legend>
      {children}
      {message}
    </fieldset>
  ) : (
    <div className={`fill-question${error ? ' fill-question--invalid' : ''}`} data-question={item.linkId}>
      <label className="fill-label" htmlFor={id}>
        {title}
      </label>
      {children}
      {message}
    </div>
  );
}

/** The attributes every single control carries: its id, required, invalid and its error's id. */
export const controlProps = (item: FormItem, error?: string) => ({
  id: `q-${item.linkId}`,
  'aria-required': item.required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `q-${item.linkId}-error` : undefined,
});
