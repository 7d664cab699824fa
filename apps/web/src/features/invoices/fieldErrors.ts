import { useState } from 'react';
import { ApiError } from '../../api/client.ts';

/**
 * Field errors of a small form: set on the screen's own checks or from the API's `fields`
 * (body.amount → amount); one field's error clears as soon as that field is changed.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const clear = (field: F) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest as Partial<Record<F, string>>;
    });
  /** Puts a failed call's field errors on their fields; the rest (and 403/409 reasons) are listed. */
  const fromError = (error: unknown) => {
    const next: Partial<Record<F, string>> = {};
    const rest: string[] = [];
    if (error instanceof ApiError) {
      for (const { path, message } of error.fields) {
        const field = path.replace(/^body\./, '') as F;
        if (fields.includes(field)) next[field] ??= message;
        else rest.push(message);
      }
      if (error.fields.length === 0 && error.code !== 'BAD_RESPONSE' && error.code !== 'INTERNAL')
        rest.push(error.message);
    }
    setErrors(next);
    setOther(rest);
  };
  const reset = () => {
    setErrors({});
    setOther([]);
  };
  return { errors, other, setErrors, clear, fromError, reset };
}
