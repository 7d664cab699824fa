import type { ClientInput } from '@pd/contracts';
import { type ClientFormValues, valuesToInput } from './clientFormValues.ts';

type Payload = Partial<ClientInput>;

const present = (v: unknown) => v !== null && v !== undefined;

/** Create: every field the user filled in; blanks are left to the API's defaults. */
export function toCreatePayload(values: ClientFormValues): Payload {
  const { input } = valuesToInput(values);
  return Object.fromEntries(Object.entries(input).filter(([, v]) => present(v))) as Payload;
}

/**
 * Update. Spec section 5: "The update-client payload drops null or undefined fields" — absent means
 * unchanged to the API, so untouched blanks are never sent. The one exception: a field that held a value
 * when the form opened and that the user emptied (a cleared billing, admin or affiliate picker, a removed
 * date of birth or optional text) is sent explicitly as null, because dropping it would silently keep the
 * old value. Fields the form hides (e.g. first name of a juristic client) are not sent at all.
 */
export function toUpdatePayload(values: ClientFormValues, loaded: ClientFormValues): Payload {
  const now = valuesToInput(values).input;
  const before = valuesToInput(loaded).input;
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(now)) {
    if (present(value)) payload[key] = value;
    else if (value === null && present(before[key as keyof Payload])) payload[key] = null;
  }
  return payload as Payload;
}
