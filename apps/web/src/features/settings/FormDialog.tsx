import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormShell } from '../../components/form/FormShell.tsx';
import type { ContractForm } from '../../lib/forms/useContractForm.ts';

interface FormDialogProps<Values extends FieldValues, Output> {
  /** e.g. "New billing plan" or "Edit billing plan". */
  header: string;
  contract: ContractForm<Values, Output>;
  onCancel: () => void;
  children: ReactNode;
  wide?: boolean;
}

const FORM_ID = 'settings-form';

/** A modal form: problems the API reported, the fields, Cancel and Save. Field ids are settings-<name>. */
export function FormDialog<Values extends FieldValues, Output>({
  header,
  contract: { form, submit, problems },
  onCancel,
  children,
  wide,
}: FormDialogProps<Values, Output>) {
  const saving = form.formState.isSubmitting;
  const footer = (
    <div className="settings-form__actions">
      <Button type="button" label="Cancel" outlined onClick={onCancel} disabled={saving} />
      <Button type="submit" form={FORM_ID} label="Save" icon="pi pi-check" loading={saving} />
    </div>
  );
  return (
    <Dialog
      visible
      header={header}
      footer={footer}
      onHide={() => {
        if (!saving) onCancel();
      }}
      className={`settings-dialog${wide ? ' settings-dialog--wide' : ''}`}
      modal
      draggable={false}
      blockScroll
    >
      <FormShell
        form={form}
        onSubmit={submit}
        id={FORM_ID}
        idPrefix="settings-"
        className="settings-form"
        label={header}
      >
        <Problems problems={problems} />
        {children}
      </FormShell>
    </Dialog>
  );
}

/** API problems that belong to no field. */
export function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="notice notice--error" role="alert">
      <ul className="settings-form__problems">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

interface InlineFormProps<Values extends FieldValues, Output> {
  id: string;
  title: string;
  contract: ContractForm<Values, Output>;
  submitLabel: string;
  className?: string;
  /** Input ids are this plus the field's name. */
  idPrefix?: string;
  children: ReactNode;
}

/** A form on the page (not in a dialog): heading, problems the API named, the fields, one button. */
export function InlineForm<Values extends FieldValues, Output>({
  id,
  title,
  contract: { form, submit, problems },
  submitLabel,
  className,
  idPrefix = 'settings-',
  children,
}: InlineFormProps<Values, Output>) {
  const saving = form.formState.isSubmitting;
  return (
    <FormShell
      form={form}
      onSubmit={submit}
      idPrefix={idPrefix}
      className={['credit-form settings-form', className].filter(Boolean).join(' ')}
      labelledBy={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <Problems problems={problems} />
      <fieldset className="client-form__body" disabled={saving}>
        {children}
      </fieldset>
      <div className="credit-form__actions">
        <Button type="submit" label={submitLabel} icon="pi pi-check" loading={saving} disabled={saving} />
      </div>
    </FormShell>
  );
}
