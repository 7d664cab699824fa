import '../../styles/client-records.css';
import '../../styles/messaging.css';
import {
  AUDIT_SUB_PROCESSES,
  type AuditTrailInput,
  auditTrailInputSchema,
  ERROR_MESSAGES,
  MAX_AUDIT_DESCRIPTION_CHARS,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { useAddAudit } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { Section } from '../../components/form/Section.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextAreaField } from '../../components/form/TextField.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { ClientAuditList } from './ClientAuditList.tsx';
import { ClientMessagePanel } from './ClientMessagePanel.tsx';

interface AuditValues {
  auditTrailSubProcess: string | null;
  auditTrailDescription: string;
}
const SUB_PROCESS_OPTIONS = AUDIT_SUB_PROCESSES.map((value) => ({ value, label: value }));

/** Tab 15, Add audit trail: sub-process and description; under the form, the client's audit trail. */
export function AuditTrailPanel(panel: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Add audit trail" panel={panel}>
      {({ client, onDone, onCancel }) => (
        <>
          <AuditForm clientId={client.id} onDone={onDone} onCancel={onCancel} />
          <ClientAuditList clientId={client.id} />
        </>
      )}
    </ClientMessagePanel>
  );
}

function AuditForm({
  clientId,
  onDone,
  onCancel,
}: Pick<ClientPanelProps, 'onDone' | 'onCancel'> & { clientId: number }) {
  const { user } = useSession();
  const add = useAddAudit(user.companyId, clientId);
  const { form, submit, problems } = useContractForm<AuditValues, AuditTrailInput>({
    schema: auditTrailInputSchema,
    defaultValues: { auditTrailSubProcess: null, auditTrailDescription: '' },
    save: (input) => add.mutateAsync(input),
    success: SUCCESS_MESSAGES.addAuditTrail,
    failure: ERROR_MESSAGES.addAuditTrail,
    onDone,
  });
  return (
    <FormShell form={form} onSubmit={submit}>
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <Section legend="Audit entry">
          <SelectField
            name="auditTrailSubProcess"
            label="Sub-process"
            options={SUB_PROCESS_OPTIONS}
            required
            placeholder="Choose a sub-process"
          />
          <TextAreaField
            name="auditTrailDescription"
            label="Description"
            required
            wide
            maxLength={MAX_AUDIT_DESCRIPTION_CHARS}
            rows={3}
          />
        </Section>
      </fieldset>
      <FormActions submitLabel="Add" onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
