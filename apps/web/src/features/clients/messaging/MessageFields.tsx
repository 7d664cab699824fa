import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from '../forms/fields/FieldShell.tsx';

interface TextAreaFieldProps extends FieldProps {
  maxLength: number;
  rows?: number;
  /** Ids of elements that describe the input besides its hint and error (e.g. a live counter). */
  describedBy?: string;
}

/** One line of text across the form, bounded like the API bounds it. */
export function TextInputField({ maxLength, ...field }: FieldProps & { maxLength: number }) {
  const { register } = useFormContext();
  return (
    <FieldShell {...field} wide>
      {({ invalid, ...a11y }) => (
        <InputText
          {...a11y}
          {...register(field.name)}
          invalid={invalid}
          maxLength={maxLength}
          autoComplete="off"
        />
      )}
    </FieldShell>
  );
}

/** A message body: grows with the text, bounded like the API bounds it. */
export function TextAreaField({ maxLength, rows = 5, describedBy, ...field }: TextAreaFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldShell {...field} wide>
      {({ invalid, ...a11y }) => (
        <InputTextarea
          {...a11y}
          aria-describedby={[a11y['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
          {...register(field.name)}
          invalid={invalid}
          rows={rows}
          autoResize
          maxLength={maxLength}
        />
      )}
    </FieldShell>
  );
}

interface SendActionsProps {
  submitLabel: string;
  submitIcon?: string;
  onCancel: () => void;
  /** Why sending is impossible (no address, no credit); the Send button is disabled and says why. */
  blocked?: string | null;
  /** Problems the API named for no visible field, and its reason for a refusal. */
  problems: string[];
}

/** Send and Cancel; Send is disabled while sending (no double send) and while something blocks it. */
export function SendActions({
  submitLabel,
  submitIcon = 'pi pi-send',
  onCancel,
  blocked,
  problems,
}: SendActionsProps) {
  const {
    formState: { errors, isSubmitting, submitCount },
  } = useFormContext();
  const errorCount = Object.keys(errors).length;
  return (
    <div className="client-form__footer">
      <div aria-live="polite" className="client-form__summary" data-testid="send-problems">
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
          <p id="send-blocked" className="muted" data-testid="send-blocked">
            {blocked}
          </p>
        )}
      </div>
      <div className="client-form__actions">
        <Button
          type="submit"
          label={isSubmitting ? 'Sending…' : submitLabel}
          icon={submitIcon}
          loading={isSubmitting}
          disabled={isSubmitting || Boolean(blocked)}
          aria-describedby={blocked ? 'send-blocked' : undefined}
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

/** Who the message goes to, or plainly why it cannot go (with the way to fix it). */
export function Recipient({
  label,
  name,
  address,
  missing,
  onUpdateClient,
  children,
}: {
  label: string;
  name: string;
  address: string | null;
  missing: string;
  onUpdateClient: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="record-details message-recipient" data-testid="recipient">
      <span className="record-form__label">{label}: </span>
      {address ? (
        <span>
          {name} &lt;<span data-testid="recipient-address">{address}</span>&gt;
        </span>
      ) : (
        <>
          <span className="message-recipient__missing" role="status" data-testid="recipient-missing">
            <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {missing}
          </span>
          <Button
            type="button"
            label="Update client"
            icon="pi pi-pencil"
            size="small"
            text
            onClick={onUpdateClient}
          />
        </>
      )}
      {children}
    </div>
  );
}
