import type { BaseSyntheticEvent, ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { FieldIdPrefix } from './FieldShell.tsx';

interface FormShellProps<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (event?: BaseSyntheticEvent) => unknown;
  /** Input ids are this plus the field's name: cf-email, settings-name, payment-amount. */
  idPrefix?: string;
  className?: string;
  /** The heading that names the form; by default a Clients panel's title. */
  labelledBy?: string;
  /** A name for a form without a heading of its own (a dialog's). */
  label?: string;
  id?: string;
  children: ReactNode;
}

/** A react-hook-form form: its fields reach the form through context and take ids from the prefix. */
export function FormShell<Values extends FieldValues, Output>({
  form,
  onSubmit,
  idPrefix = 'cf-',
  className = 'client-form',
  labelledBy,
  label,
  id,
  children,
}: FormShellProps<Values, Output>) {
  return (
    <FormProvider {...form}>
      <FieldIdPrefix value={idPrefix}>
        <form
          id={id}
          className={className}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-labelledby={label ? undefined : (labelledBy ?? 'client-panel-title')}
          aria-label={label}
        >
          {children}
        </form>
      </FieldIdPrefix>
    </FormProvider>
  );
}
