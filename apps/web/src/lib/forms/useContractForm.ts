import { zodResolver } from '@hookform/resolvers/zod';
import { validationFailureText } from '@pd/contracts';
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { releaseForm, useUnsavedChanges } from '../../app/leave/unsavedForms.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { applyServerErrors, type FieldMapping, failureMessage, isFieldRefusal } from './serverErrors.ts';

export interface ContractFormConfig<Values extends FieldValues, Output, Result = unknown>
  extends Partial<FieldMapping> {
  /** The contracts schema (or one built from it) that turns the form's values into the API input. */
  schema: z.ZodType<Output>;
  defaultValues: Values;
  save: (values: Output) => Promise<Result>;
  /**
   * Toast after a save: a catalogue text, or one built from the values (`Saved plan "Gold".`) or the API's
   * answer; none if absent.
   */
  success?: string | ((values: Output, result: Result) => string);
  /**
   * Toast after a failure: a catalogue text (or one chosen when it happens); by default the API's own words;
   * false when the form says it itself (the sign-in form).
   */
  failure?: string | ((error: unknown) => string) | false;
  /** After a successful save; a form that stays open (a settings form on the page) needs none. */
  onDone?: () => void;
  /** After a failed save, once the field errors are in place (e.g. to empty a password). */
  onFailure?: (error: unknown) => void;
  /** Told which fields got an error, e.g. to open the accordion tab holding them. */
  onFieldErrors?: (fields: string[]) => void;
  /** When fields are checked: on submit (then on change), or when touched. */
  mode?: Mode;
}

export interface ContractForm<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** API problems that belong to no field on screen. */
  problems: string[];
}

const textOf = <A extends unknown[]>(text: string | ((...args: A) => string), ...args: A) =>
  typeof text === 'function' ? text(...args) : text;

/**
 * The one form pattern: react-hook-form validated by a contracts schema. Submit toasts and calls onDone on
 * success; on failure it toasts, puts the API's field errors on their fields, lists the rest, and leaves
 * the form exactly as the user filled it, so nothing typed is lost. While it has unsaved changes, leaving the
 * page asks first (LeaveGuard).
 */
export function useContractForm<Values extends FieldValues, Output, Result = unknown>(
  config: ContractFormConfig<Values, Output, Result>,
): ContractForm<Values, Output> {
  const { schema, defaultValues, save, success, failure, onDone, onFailure, onFieldErrors, fieldOf } = config;
  const isShown = config.isShown ?? ((field: string) => field in defaultValues);
  const toast = useToast();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<Values, unknown, Output>({
    // The form's values may be looser than the schema's input (null in an empty amount); the schema decides.
    resolver: zodResolver(schema as z.ZodType<Output, FieldValues>) as unknown as Resolver<
      Values,
      unknown,
      Output
    >,
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: config.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
  });
  // Leaving the page (or closing the tab) with unsaved changes asks first; saving or Cancel releases it.
  useUnsavedChanges(form);

  const submit = form.handleSubmit(
    async (values) => {
      setProblems([]);
      let result: Result;
      try {
        result = await save(values);
      } catch (error) {
        if (failure !== false) {
          const text = failure === undefined ? failureMessage(error) : textOf(failure, error);
          toast.error(isFieldRefusal(error) ? validationFailureText(text) : text);
        }
        const { shown, other } = applyServerErrors(form, error, { fieldOf, isShown });
        setProblems(other);
        onFieldErrors?.(shown);
        onFailure?.(error);
        return;
      }
      releaseForm(form.control);
      if (success !== undefined) toast.success(textOf(success, values, result));
      onDone?.();
    },
    (errors) => onFieldErrors?.(Object.keys(errors)),
  );

  return { form, submit, problems };
}
