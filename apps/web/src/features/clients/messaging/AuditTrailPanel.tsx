import '../../../styles/client-records.css';
import '../../../styles/messaging.css';
import {
  AUDIT_SUB_PROCESSES,
  auditTrailInputSchema,
  ERROR_MESSAGES,
  MAX_AUDIT_DESCRIPTION_CHARS,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { useAddAudit } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { FormActions } from '../forms/FormActions.tsx';
import { SelectField } from '../forms/fields/SelectField.tsx';
import { Section } from '../forms/sections/Section.tsx';
import { useSaveForm } from '../forms/useSaveForm.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { ClientAuditList } from './ClientAuditList.tsx';
import { ClientMessagePanel } from './ClientMessagePanel.tsx';
import { TextAreaField } from './MessageFields.tsx';
import { fieldOf, resolverOf } from './messageForm.ts';

interface AuditValues {
  auditTrailSubProcess: string | null;
  auditTrailDescription: string;
}
const AUDIT_FIELDS = ['auditTrailSubProcess', 'auditTrailDescription'];
const resolver = resolverOf<AuditValues>(auditTrailInputSchema);
const SUB_PROCESS_OPTIONS = AUDIT_SUB_PROCESSES.map((value) => ({ value, label: value }));

/** Tab 15, Add audit trail: sub-process and description; under the form, the client's audit trail. */
export function AuditTrailPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Add audit trail" clientId={clientId} onCancel={onCancel}>
      {(client) => (
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
  const form = useForm<AuditValues>({
    defaultValues: { auditTrailSubProcess: null, auditTrailDescription: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: (values) =>
      add.mutateAsync({
        auditTrailSubProcess: values.auditTrailSubProcess as (typeof AUDIT_SUB_PROCESSES)[number],
        auditTrailDescription: values.auditTrailDescription.trim(),
      }),
    success: SUCCESS_MESSAGES.addAuditTrail,
    failure: ERROR_MESSAGES.addAuditTrail,
    onDone,
    fieldOf,
    isShown: (field) => AUDIT_FIELDS.includes(field),
  });
  return (
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
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
              maxLength={MAX_AUDIT_DESCRIPTION_CHARS}
              rows={3}
            />
          </Section>
        </fieldset>
        <FormActions submitLabel="Add" onCancel={onCancel} otherProblems={otherProblems} />
      </form>
    </FormProvider>
  );
}
