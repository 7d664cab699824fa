import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';

export interface FieldMapping {
  /** The form field that shows an API error path such as body.email (default: the path without body.). */
  fieldOf?: (path: string) => string;
  /** Whether that field is on screen now; other problems are listed above the buttons. */
  isShown: (field: string) => boolean;
}

export const fieldOfPath = (path: string): string => path.replace(/^body\./, '');

/** The API's own words when it gave some, for a toast or a problem line. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_FAILURE;
}

/** A 400 naming fields: the values were refused, so the same save again would be refused again. */
export const isFieldRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400 && error.fields.length > 0;

/**
 * The one mapping of a failed call onto a form: each field error on its field (the first one focused), the
 * rest returned as lines to list; a refusal that names no field (403, 409) is listed in its own words.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  { fieldOf = fieldOfPath, isShown }: FieldMapping,
): { shown: string[]; other: string[] } {
  const shown: string[] = [];
  const other: string[] = [];
  const fields = error instanceof ApiError ? error.fields : [];
  for (const { path, message } of fields) {
    const field = fieldOf(path);
    if (isShown(field) && !shown.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: shown.length === 0 });
      shown.push(field);
    } else other.push(message);
  }
  // A refusal (403, 409, no credit) or an unreachable server is worded for people; a crash is not.
  const speaksToPeople = error instanceof ApiError && !['BAD_RESPONSE', 'INTERNAL'].includes(error.code);
  if (fields.length === 0 && speaksToPeople) other.push(error.message);
  return { shown, other };
}
