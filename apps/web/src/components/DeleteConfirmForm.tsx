import type { YES_NO } from '@pd/contracts';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useContractForm } from '../lib/forms/useContractForm.ts';
import { RadioField } from './form/ChoiceFields.tsx';
import { FormShell } from './form/FormShell.tsx';
import { TextField } from './form/TextField.tsx';

/** The name typed to confirm, whatever its capitals and surrounding spaces. */
export const sameName = (typed: string, name: string) =>
  name.trim() !== '' && typed.trim().toLowerCase() === name.trim().toLowerCase();

interface DeleteValues {
  answer: (typeof YES_NO)[number];
  typed: string;
}

interface DeleteConfirmFormProps {
  /** What is deleted, in the choices: "client" gives "Yes, delete this client". */
  noun: string;
  legend: ReactNode;
  /** Ids of the choices are `${idPrefix}-Y` and `${idPrefix}-N`. */
  idPrefix: string;
  /** When the name must be typed as well (a client): the name. */
  typedName?: string;
  /** What is about to go, and what stays. */
  children: ReactNode;
  remove: () => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
  onCancel: () => void;
  className?: string;
  labelledBy?: string;
}

/**
 * Spec sections 4 and 5: deleting asks Yes or No, No chosen to start with; only Yes (and, for a client,
 * the name typed again) lets Delete go ahead. The check is the form's schema; Delete stays off until then.
 */
export function DeleteConfirmForm({
  noun,
  legend,
  idPrefix,
  typedName,
  children,
  remove,
  success,
  failure,
  onDone,
  onCancel,
  className = 'clients-panel__body',
  labelledBy,
}: DeleteConfirmFormProps) {
  const confirmed = (values: DeleteValues) =>
    values.answer === 'Y' && (typedName === undefined || sameName(values.typed, typedName));
  const { form, submit, problems } = useContractForm<DeleteValues, DeleteValues>({
    schema: z.custom<DeleteValues>((values) => confirmed(values as DeleteValues)),
    defaultValues: { answer: 'N', typed: '' },
    save: () => remove(),
    success,
    failure,
    onDone,
  });
  const [answer, typed] = form.watch(['answer', 'typed']);
  const saving = form.formState.isSubmitting;
  return (
    <FormShell form={form} onSubmit={submit} className={className} labelledBy={labelledBy} idPrefix="delete-">
      {children}
      <RadioField
        name="answer"
        id={idPrefix}
        legend={legend}
        options={[
          { value: 'N', label: `No, keep this ${noun}` },
          { value: 'Y', label: `Yes, delete this ${noun}` },
        ]}
        className="delete-choice"
        optionClassName="delete-choice__option"
        onPicked={() => form.setValue('typed', '')}
      />
      {typedName !== undefined && answer === 'Y' && (
        <TextField
          name="typed"
          id="delete-confirm-name"
          label={
            <>
              Type the {noun}'s name, <strong>{typedName}</strong>, to confirm
            </>
          }
          hint="Capital letters do not matter."
          autoFocus
        />
      )}
      {problems.map((problem) => (
        <p key={problem} className="field-error" role="alert">
          {problem}
        </p>
      ))}
      <div className="clients-panel__actions">
        <Button
          type="submit"
          label="Delete"
          icon="pi pi-trash"
          severity="danger"
          disabled={!confirmed({ answer, typed }) || saving}
          loading={saving}
        />
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
      </div>
    </FormShell>
  );
}
