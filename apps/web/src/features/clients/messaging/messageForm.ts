import { useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../api/client.ts';
import { useIdempotentSend } from '../../../api/messaging.ts';
import { useSaveForm } from '../forms/useSaveForm.ts';

/**
 * Checks the form with the contracts schema the API uses, so the same words ('Field is required.') show on
 * the field before anything is sent. The values stay as typed: nothing is lost when a send fails.
 */
export function resolverOf<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** An API error path such as body.smsMessage names the form field smsMessage. */
export const fieldOf = (path: string) => path.replace(/^body\./, '');

/**
 * The server's own words for a refusal that names no field (no e-mail address, daily limit, credit too
 * low, server unreachable), shown with the spec's failure message. 403s are shown by useSaveForm already.
 */
export function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.fields.length > 0 || error.status === 403) return null;
  return error.code === 'BAD_RESPONSE' || error.code === 'INTERNAL' ? null : error.message;
}

/** Wraps a save so a refusal's reason is kept for the form to show; the error still reaches useSaveForm. */
export function useRefusalReason() {
  const [reason, setReason] = useState<string | null>(null);
  const tracked =
    <V>(save: (values: V) => Promise<unknown>) =>
    async (values: V) => {
      setReason(null);
      try {
        return await save(values);
      } catch (error) {
        setReason(reasonOf(error));
        throw error;
      }
    };
  return { reason, tracked };
}

interface SendFormConfig<V extends FieldValues, B> {
  defaultValues: V;
  resolver: Resolver<V>;
  /** The request body from the values; the Idempotency-Key belongs to its content. */
  body: (values: V) => B;
  send: (body: B, key: string) => Promise<unknown>;
  /** Toast texts from the contracts' message catalogue. */
  success: string;
  failure: string;
  onDone: () => void;
}

/**
 * A send form (e-mail, SMS): checked with the contracts schema, sent once per submission, the spec's toast
 * either way; on failure the text stays as typed and the server's reason is listed above the buttons.
 */
export function useSendForm<V extends FieldValues, B>(config: SendFormConfig<V, B>) {
  const { defaultValues, resolver, body, send, success, failure, onDone } = config;
  const idempotent = useIdempotentSend();
  const { reason, tracked } = useRefusalReason();
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: tracked((values: V) => {
      const request = body(values);
      return idempotent(JSON.stringify(request), (key) => send(request, key));
    }),
    success,
    failure,
    onDone,
    fieldOf,
    isShown: (field) => field in defaultValues,
  });
  return { form, submit, problems: reason ? [...otherProblems, reason] : otherProblems };
}
