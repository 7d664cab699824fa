import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { ClientPick } from '../../api/clientForms.ts';
import { FieldIdPrefix } from '../../components/form/FieldShell.tsx';
import { ClientPicker } from '../clients/forms/ClientPicker.tsx';

/** A list's client filter: the client search picker, outside any form; a cleared picker shows every client. */
export function ClientFilter({ onChange }: { onChange: (clientId: number | undefined) => void }) {
  const form = useForm<{ client: ClientPick | string | null }>({ defaultValues: { client: null } });
  const chosen = form.watch('client');
  const clientId = chosen && typeof chosen === 'object' ? chosen.id : undefined;
  // Told when the chosen client changes, not when the parent hands a new callback.
  const told = useRef(onChange);
  told.current = onChange;
  useEffect(() => told.current(clientId), [clientId]);
  return (
    <FormProvider {...form}>
      <FieldIdPrefix value="forms-filter-">
        <div className="forms-client-filter">
          <ClientPicker name="client" label="Client" kind="search" />
        </div>
      </FieldIdPrefix>
    </FormProvider>
  );
}
