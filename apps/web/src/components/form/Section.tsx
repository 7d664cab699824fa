import type { ReactNode } from 'react';

/** A fieldset with a legend, its fields in a two-column grid that folds to one on narrow screens. */
export function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="client-form__section">
      <legend>{legend}</legend>
      <div className="client-form__grid">{children}</div>
    </fieldset>
  );
}
