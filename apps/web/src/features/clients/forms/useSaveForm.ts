import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../api/client.ts';
import { useToast } from '../../../app/toast/toastContext.ts';

export interface SaveFormConfig<T extends FieldValues> {
  form: UseFormReturn<T>;
  save: (values: T) => Promise<unknown>;
  /** Toast texts, from the contracts' message catalogue. */
  success: string;
  failure: string;
  onDone: () => void;
  /** The form field that shows an API error path such as body.email. */
  fieldOf: (path: string) => string;
  /** Whether that field is on screen now; other problems are listed above the buttons. */
  isShown: (field: string) => boolean;
  /** Told which fields got an error, e.g. to open the accordion tab holding them. */
  onFieldErrors?: (fields: string[]) => void;
}

/**
 * Submit: toast and onDone on success; on failure a toast, the API's field errors on their fields, and the
 * form left exactly as the user filled it, so nothing typed is lost.
 */
export function useSaveForm<T extends FieldValues>(config: SaveFormConfig<T>) {
  const { form, save, success, failure, onDone, fieldOf, isShown, onFieldErrors } = config;
  const toast = useToast();
  const [otherProblems, setOtherProblems] = useState<string[]>([]);

  const submit = form.handleSubmit(
    async (values) => {
      setOtherProblems([]);
      try {
        await save(values);
      } catch (error) {
        toast.error(failure);
        const fields = error instanceof ApiError ? error.fields : [];
        const shown: string[] = [];
        const other: string[] = [];
        for (const { path, message } of fields) {
          const field = fieldOf(path);
          if (isShown(field)) {
            form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: shown.length === 0 });
            shown.push(field);
          } else other.push(message);
        }
        // 403 and the like name no field; their message is meant for people.
        if (fields.length === 0 && error instanceof ApiError && error.status === 403)
          other.push(error.message);
        setOtherProblems(other);
        onFieldErrors?.(shown);
        return;
      }
      toast.success(success);
      onDone();
    },
    (errors) => onFieldErrors?.(Object.keys(errors)),
  );

  return { submit, otherProblems };
}
