import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { useToast } from '../../app/toast/toastContext.ts';

export interface SettingsFormConfig<Values extends FieldValues, Output> {
  /** Parses the form's values (which may hold null in a required field) into the API input. */
  schema: z.ZodType<Output>;
  defaultValues: Values;
  save: (values: Output) => Promise<unknown>;
  /** The toast after a save, e.g. `Saved billing plan "Gold".` */
  saved: (values: Output) => string;
  onDone: () => void;
}

/** Message of any failure, for a toast: the API's own words when it gave some. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_FAILURE;
}

/**
 * A dialog form validated with the contracts schema. On an API failure: a toast with the API's message,
 * field errors (`body.name`) on their fields, anything else listed in the dialog; nothing typed is lost.
 */
export function useSettingsForm<Values extends FieldValues, Output>(
  config: SettingsFormConfig<Values, Output>,
) {
  const { schema, defaultValues, save, saved, onDone } = config;
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
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    setProblems([]);
    try {
      await save(values);
    } catch (error) {
      toast.error(failureMessage(error));
      const other: string[] = [];
      let first = true;
      for (const { path, message } of error instanceof ApiError ? error.fields : []) {
        const name = path.replace(/^body\./, '');
        if (name in defaultValues) {
          form.setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        } else other.push(message);
      }
      if (first && other.length === 0) other.push(failureMessage(error));
      setProblems(other);
      return;
    }
    toast.success(saved(values));
    onDone();
  });

  return { form, submit, problems };
}
