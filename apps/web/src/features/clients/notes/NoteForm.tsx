import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { FormActions } from '../forms/FormActions.tsx';
import { NoteFields } from './NoteFields.tsx';
import type { NoteFormValues } from './noteFormValues.ts';

interface NoteFormProps {
  form: UseFormReturn<NoteFormValues>;
  onSubmit: (event: FormEvent) => void;
  otherProblems: string[];
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
  form,
  onSubmit,
  otherProblems,
  submitLabel,
  onCancel,
  showFields,
  flags,
  before,
}: NoteFormProps) {
  return (
    <FormProvider {...form}>
      <form className="note-form" onSubmit={onSubmit} noValidate aria-labelledby="note-panel-heading">
        {before}
        {showFields && (
          <fieldset className="note-form__body-set" disabled={form.formState.isSubmitting}>
            <legend className="sr-only">Note</legend>
            <NoteFields flags={flags} />
          </fieldset>
        )}
        <FormActions submitLabel={submitLabel} onCancel={onCancel} otherProblems={otherProblems} />
      </form>
    </FormProvider>
  );
}
