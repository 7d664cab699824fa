import { useForm } from 'react-hook-form';
import type { ClientFormOptions, ClientFormValues } from './clientFormValues.ts';
import { useSaveForm } from './useSaveForm.ts';
import { clientResolver, formFieldOf } from './validateClient.ts';

interface ClientFormConfig extends ClientFormOptions {
  defaultValues: ClientFormValues;
  save: (values: ClientFormValues) => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
}

/** react-hook-form with the API's own checks (clientProblems) as resolver, so errors show before sending. */
export function useClientForm({
  defaultValues,
  showTaxNumber,
  save,
  success,
  failure,
  onDone,
}: ClientFormConfig) {
  const form = useForm<ClientFormValues>({
    defaultValues,
    resolver: clientResolver({ showTaxNumber }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [type, gender] = form.watch(['type', 'gender']);
  const hidden = new Set<string>(
    type === 'J' ? ['firstName', 'lastName', 'preferredName', 'gender'] : ['name'],
  );
  if (type === 'J' || gender !== 'O') hidden.add('genderOther');
  if (!showTaxNumber) hidden.add('taxNumber');
  const { submit, otherProblems } = useSaveForm({
    form,
    save,
    success,
    failure,
    onDone,
    fieldOf: formFieldOf,
    isShown: (field) => field in defaultValues && !hidden.has(field),
  });
  return { form, submit, otherProblems };
}
