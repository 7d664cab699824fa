import '../../styles/client-records.css';
import '../../styles/messaging.css';
import {
  ERROR_MESSAGES,
  MAX_EMAIL_MESSAGE_CHARS,
  MAX_EMAIL_SUBJECT_CHARS,
  type SendEmail,
  SUCCESS_MESSAGES,
  sendEmailSchema,
  withDeliveryNote,
} from '@pd/contracts';
import { useDeliveryProviders, useSendEmail } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { TextAreaField, TextField } from '../../components/form/TextField.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { type ClientFormProps, ClientMessagePanel } from './ClientMessagePanel.tsx';
import { sendFailure, useIdempotentSave } from './messageForm.ts';
import { Recipient } from './Recipient.tsx';

interface EmailValues {
  emailSubject: string;
  emailMessage: string;
}
export const NO_EMAIL = 'This client has no e-mail address. Add one with Update client, then send.';

/** Tab 13, Send e-mail: subject (required) and message to the client's e-mail address. */
export function SendEmailPanel(panel: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Send e-mail" panel={panel}>
      {(props) => <EmailForm {...props} />}
    </ClientMessagePanel>
  );
}

function EmailForm({ client, onDone, onCancel, onUpdateClient }: ClientFormProps) {
  const { user } = useSession();
  const send = useSendEmail(user.companyId, client.id);
  const save = useIdempotentSave((body: SendEmail, key) => send.mutateAsync({ body, key }));
  const providers = useDeliveryProviders();
  const { form, submit, problems } = useContractForm<EmailValues, SendEmail>({
    // Spec section 7: the request carries companyId and userId of the signed-in user.
    schema: formSchema<EmailValues, SendEmail>((values, problem) =>
      checkWith(sendEmailSchema, { companyId: user.companyId, userId: user.id, ...values }, problem),
    ),
    defaultValues: { emailSubject: '', emailMessage: '' },
    save,
    success: withDeliveryNote(SUCCESS_MESSAGES.sendEmail, 'email', providers.email),
    failure: sendFailure(ERROR_MESSAGES.sendEmail),
    onDone,
  });
  const email = client.email?.trim() || null;
  return (
    <FormShell form={form} onSubmit={submit}>
      <Recipient
        label="To"
        name={client.name}
        address={email}
        missing={NO_EMAIL}
        onUpdateClient={onUpdateClient}
      />
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <div className="client-form__section message-form">
          <div className="client-form__grid">
            <TextField
              name="emailSubject"
              label="Subject"
              required
              wide
              maxLength={MAX_EMAIL_SUBJECT_CHARS}
            />
            <TextAreaField
              name="emailMessage"
              label="Message"
              wide
              maxLength={MAX_EMAIL_MESSAGE_CHARS}
              rows={8}
            />
          </div>
        </div>
      </fieldset>
      <FormActions
        submitLabel="Send e-mail"
        submitIcon="pi pi-send"
        busyLabel="Sending…"
        onCancel={onCancel}
        blocked={email ? null : NO_EMAIL}
        problems={problems}
        testId="send-problems"
      />
    </FormShell>
  );
}
