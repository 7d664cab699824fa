import { clientProblems, createClientSchema, FIELD_MESSAGES } from '@pd/contracts';
import { checkWith, formSchema } from '../../../lib/forms/formSchema.ts';
import { type ClientFormValues, hiddenFields, RELATED_FIELDS, valuesToInput } from './clientFormValues.ts';

/** The API's field path (body.billingClientId) as the name of the form field that shows it. */
export function formFieldOf(path: string): string {
  const key = path.replace(/^body\./, '');
  return RELATED_FIELDS[key as keyof typeof RELATED_FIELDS] ?? key;
}

/**
 * The client form checked as the API checks the client: the contracts' createClientSchema (shapes and
 * lengths), then clientProblems (spec section 5: required fields by type, e-mail, mobile, ID number), on
 * the input the form would send; a picker holding typed text that names no client is refused too.
 */
export const clientFormSchema = () =>
  formSchema<ClientFormValues, ClientFormValues>((values, problem) => {
    const { input, unchosen } = valuesToInput(values);
    for (const field of unchosen) problem(field, FIELD_MESSAGES.chooseClientFromList);
    const parsed = checkWith(createClientSchema, input, problem, formFieldOf);
    for (const { path, message } of parsed ? clientProblems(parsed) : []) problem(formFieldOf(path), message);
    return values;
  });

/** Whether an API error's field is on screen now; the others are listed above the buttons. */
export const isShownClientField =
  (values: ClientFormValues) =>
  (field: string): boolean =>
    field in values && !hiddenFields(values).has(field);
