import type { ReactNode } from 'react';
import type { NotePayload } from '../../api/notes.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import type { ContractForm } from '../../lib/forms/useContractForm.ts';
import { NoteFields } from './NoteFields.tsx';
import type { NoteFormValues } from './noteFormValues.ts';

interface NoteFormProps {
  note: ContractForm<NoteFormValues, NotePayload>;
  /** By default the form's own submit; Add note first asks what to do. */
  onSubmit?: () => void;
  submitLabel: string;
  onCancel: () => void;
  /** Whether the note's fields are shown (Add note shows them once "New note" is chosen). */
  showFields: boolean;
  /** Whether sharable and editable may be changed (the author's choice alone). */
  flags: boolean;
  /** Above the fields, e.g. the action choice of Add note. */
  before?: ReactNode;
}

/** The note form of Add note (tab 8) and Update note (tab 21). */
export function NoteForm({
  note,
  onSubmit,
  submitLabel,
  onCancel,
  showFields,
  flags,
  before,
}: NoteFormProps) {
  const { form, submit, problems } = note;
  return (
    <FormShell
      form={form}
      onSubmit={(event) => {
        event?.preventDefault();
        return onSubmit ? onSubmit() : submit(event);
      }}
      className="note-form"
      labelledBy="note-panel-heading"
    >
      {before}
      {showFields && (
        <fieldset className="note-form__body-set" disabled={form.formState.isSubmitting}>
          <legend className="sr-only">Note</legend>
          <NoteFields flags={flags} />
        </fieldset>
      )}
      <FormActions submitLabel={submitLabel} onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
