import { Button } from 'primereact/button';
import { useFormContext } from 'react-hook-form';

interface FormActionsProps {
  submitLabel: string;
  onCancel: () => void;
  /** Problems the API named for no visible field. */
  otherProblems: string[];
}

/** The buttons, and after a refused submit a line saying the form needs attention. */
export function FormActions({ submitLabel, onCancel, otherProblems }: FormActionsProps) {
  const {
    formState: { errors, isSubmitting, submitCount },
  } = useFormContext();
  const errorCount = Object.keys(errors).length;
  return (
    <div className="client-form__footer">
      <div aria-live="polite" className="client-form__summary">
        {submitCount > 0 && errorCount > 0 && (
          <p className="field-error" data-testid="form-error-summary">
            <span className="pi pi-exclamation-circle" aria-hidden="true" />{' '}
            {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention.
          </p>
        )}
        {otherProblems.map((message) => (
          <p key={message} className="field-error">
            {message}
          </p>
        ))}
      </div>
      <div className="client-form__actions">
        <Button
          type="submit"
          label={submitLabel}
          icon="pi pi-check"
          loading={isSubmitting}
          disabled={isSubmitting}
        />
        <Button
          type="button"
          label="Cancel"
          icon="pi pi-times"
          outlined
          onClick={onCancel}
          disabled={isSubmitting}
        />
      </div>
    </div>
  );
}
