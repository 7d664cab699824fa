import { z } from 'zod';

export type Problem = (field: string, message: string) => void;

/**
 * A form schema for values that differ from what the API takes (pickers, split fields, amounts in an
 * input): `toInput` gets the values and a way to put a problem on a field, checks them the way the API
 * will (usually `checkWith` a contracts schema on what the form would send) and answers what the form's
 * save sends. Any problem refuses the submit; nothing is sent.
 */
export function formSchema<Values, Input>(toInput: (values: Values, problem: Problem) => Input | null) {
  return z.custom<Values>().transform((values, ctx): Input => {
    let failed = false;
    const input = toInput(values, (field, message) => {
      failed = true;
      ctx.addIssue({ code: 'custom', path: [field], message });
    });
    return failed || input === null ? z.NEVER : input;
  });
}

/**
 * Checks the input with a contracts schema and puts each issue on the form field that shows it (by the
 * first segment of its path); answers the parsed input, or null when it has problems.
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  problem: Problem,
  fieldOf: (path: string) => string = (path) => path,
): z.output<S> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) problem(fieldOf(String(issue.path[0] ?? '')), issue.message);
  return null;
}
