import { clientProblems, createClientSchema } from '@pd/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type ClientFormOptions,
  type ClientFormValues,
  RELATED_FIELDS,
  valuesToInput,
} from './clientFormValues.ts';

export interface FieldProblem {
  path: string;
  message: string;
}

export const CHOOSE_FROM_LIST = 'Choose a client from the list, or clear the field.';

/** The API's field path (body.billingClientId) as the name of the form field that shows it. */
export function formFieldOf(path: string): string {
  const key = path.replace(/^body\./, '');
  return RELATED_FIELDS[key as keyof typeof RELATED_FIELDS] ?? key;
}

/** The same checks the API runs (field shapes and lengths, then clientProblems), before anything is sent. */
export function clientFormProblems(values: ClientFormValues, options: ClientFormOptions): FieldProblem[] {
  const { input, unchosen } = valuesToInput(values, options);
  const problems: FieldProblem[] = unchosen.map((path) => ({ path, message: CHOOSE_FROM_LIST }));
  const parsed = createClientSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ path: formFieldOf(String(issue.path[0] ?? '')), message: issue.message });
    }
    return problems;
  }
  for (const p of clientProblems(parsed.data))
    problems.push({ path: formFieldOf(p.path), message: p.message });
  return problems;
}

/** The first problem of each field, in the shape react-hook-form shows. */
export function toFieldErrors(problems: FieldProblem[]): FieldErrors<ClientFormValues> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const p of problems) errors[p.path] ??= { type: 'validate', message: p.message };
  return errors as FieldErrors<ClientFormValues>;
}

export const clientResolver =
  (options: ClientFormOptions): Resolver<ClientFormValues> =>
  async (values) => {
    const problems = clientFormProblems(values, options);
    return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: toFieldErrors(problems) };
  };
