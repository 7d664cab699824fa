import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { releaseForm } from '../../app/leave/unsavedForms.ts';

interface FormActionsProps {
  submitLabel: string;
  submitIcon?: string;
  /** The submit button's words while the form is saved or sent, e.g. "Sending…". */
  busyLabel?: string;
  onCancel?: () => void;
  /** Problems the API named for no field on screen, and its reasons for a refusal. */
  problems: string[];
  /** Why the form cannot be submitted now (no address, no credit): the button is off and says why. */
  blocked?: string | null;
  /** data-testid of the line of problems. */
  testId?: string;
  /** Buttons before the submit button (e.g. E-mail beside Download). */
  children?: ReactNode;
  /** Whether the submit button shows it is working; by default while the form is submitted. */
  loading?: boolean;
}

/** After a refused submit a line saying the form needs attention, the API's problems, then the buttons. */
export function FormActions({
  submitLabel,
  submitIcon = 'pi pi-check',
  busyLabel,
  onCancel,
  problems,
  blocked,
  testId,
  children,
  loading,
}: FormActionsProps) {
  const {
    control,
    formState: { errors, isSubmitting, submitCount },
  } = useFormContext();
  const errorCount = Object.keys(errors).length;
  return (
    <div className="client-form__footer">
      <div aria-live="polite" className="client-form__summary" data-testid={testId}>
        {submitCount > 0 && errorCount > 0 && (
          <p className="field-error" data-testid="form-error-summary">
            <span className="pi pi-exclamation-circle" aria-hidden="true" />{' '}
            {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention.
          </p>
        )}
        {problems.map((message) => (
          <p key={message} className="field-error">
            {message}
          </p>
        ))}
        {blocked && (
          <p id="form-blocked" className="muted" data-testid="form-blocked">
            {blocked}
          </p>
        )}
      </div>
      <div className="client-form__actions">
        {children}
        <Button
          type="submit"
          label={isSubmitting && busyLabel ? busyLabel : submitLabel}
          icon={submitIcon}
          loading={loading ?? isSubmitting}
          disabled={isSubmitting || Boolean(blocked)}
          aria-describedby={blocked ? 'form-blocked' : undefined}
        />
        {onCancel && (
          <Button
            type="button"
            label="Cancel"
            icon="pi pi-times"
            outlined
            onClick={() => {
              // Cancel is the user's choice to drop the changes: it does not ask again.
              releaseForm(control);
              onCancel();
            }}
            disabled={isSubmitting}
          />
        )}
      </div>
    </div>
  );
}
