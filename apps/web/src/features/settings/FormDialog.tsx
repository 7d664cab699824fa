import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { FormEvent, ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';

interface FormDialogProps<Values extends FieldValues, Output> {
  /** e.g. "New billing plan" or "Edit billing plan". */
  header: string;
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (event?: FormEvent) => Promise<void>;
  onCancel: () => void;
  /** API problems that belong to no field. */
  problems: string[];
  children: ReactNode;
  wide?: boolean;
}

const FORM_ID = 'settings-form';

/** A modal form: fields, problems the API reported, Cancel and Save. */
export function FormDialog<Values extends FieldValues, Output>({
  header,
  form,
  onSubmit,
  onCancel,
  problems,
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
      <FormProvider {...form}>
        <form id={FORM_ID} className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          {problems.length > 0 && (
            <div className="notice notice--error" role="alert">
              <ul className="settings-form__problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {children}
        </form>
      </FormProvider>
    </Dialog>
  );
}
