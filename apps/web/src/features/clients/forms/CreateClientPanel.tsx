import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { useState } from 'react';
import { useCreateClient } from '../../../api/clientForms.ts';
import { useCompanyConfig } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { ClientForm } from './ClientForm.tsx';
import { newClientValues } from './clientFormValues.ts';
import { PanelFrame, PanelLoading, PanelNotice } from './PanelFrame.tsx';
import { toCreatePayload } from './toPayload.ts';
import { useClientForm } from './useClientForm.ts';

/** Tab 2, New client. */
export function CreateClientPanel({ onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const config = useCompanyConfig(user.companyId);
  return (
    <PanelFrame title="New client">
      {config.isPending ? (
        <PanelLoading text="Loading the form…" />
      ) : config.isError ? (
        <PanelNotice
          tone="error"
          text="The form could not be loaded. Please try again."
          onCancel={onCancel}
        />
      ) : (
        <CreateClientForm
          companyId={user.companyId}
          showTaxNumber={config.data.taxRegistered === 'Y'}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface CreateClientFormProps extends ClientPanelProps {
  companyId: number;
  showTaxNumber: boolean;
}

function CreateClientForm({ companyId, showTaxNumber, onDone, onCancel }: CreateClientFormProps) {
  const create = useCreateClient(companyId);
  const [defaultValues] = useState(newClientValues);
  const { form, submit, otherProblems } = useClientForm({
    defaultValues,
    showTaxNumber,
    save: (values) => create.mutateAsync(toCreatePayload(values, { showTaxNumber })),
    success: SUCCESS_MESSAGES.createClient,
    failure: ERROR_MESSAGES.createClient,
    onDone,
  });
  return (
    <ClientForm
      form={form}
      submit={submit}
      otherProblems={otherProblems}
      showTaxNumber={showTaxNumber}
      submitLabel="Create"
      onCancel={onCancel}
    />
  );
}
