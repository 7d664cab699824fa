import '../../../styles/client-records.css';
import '../../../styles/messaging.css';
import {
  type Client,
  ERROR_MESSAGES,
  MAX_EMAIL_MESSAGE_CHARS,
  MAX_EMAIL_SUBJECT_CHARS,
  SUCCESS_MESSAGES,
  sendEmailSchema,
} from '@pd/contracts';
import { FormProvider } from 'react-hook-form';
import { useSendEmail } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { ClientMessagePanel } from './ClientMessagePanel.tsx';
import { Recipient, SendActions, TextAreaField, TextInputField } from './MessageFields.tsx';
import { resolverOf, useSendForm } from './messageForm.ts';

interface EmailValues {
  emailSubject: string;
  emailMessage: string;
}
const resolver = resolverOf<EmailValues>(sendEmailSchema.pick({ emailSubject: true, emailMessage: true }));
export const NO_EMAIL = 'This client has no e-mail address. Add one with Update client, then send.';

/** Tab 13, Send e-mail: subject (required) and message to the client's e-mail address. */
export function SendEmailPanel({ clientId, onDone, onCancel, openPanel }: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Send e-mail" clientId={clientId} onCancel={onCancel}>
      {(client) => (
        <EmailForm
          client={client}
          onDone={onDone}
          onCancel={onCancel}
          onUpdateClient={() => openPanel?.(4)}
        />
      )}
    </ClientMessagePanel>
  );
}

interface EmailFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  client: Client;
  onUpdateClient: () => void;
}

function EmailForm({ client, onDone, onCancel, onUpdateClient }: EmailFormProps) {
  const { user } = useSession();
  const send = useSendEmail(user.companyId, client.id);
  const { form, submit, problems } = useSendForm({
    defaultValues: { emailSubject: '', emailMessage: '' },
    resolver,
    // Spec section 7: the request carries companyId and userId of the signed-in user.
    body: (values: EmailValues) => ({
      companyId: user.companyId,
      userId: user.id,
      emailSubject: values.emailSubject.trim(),
      emailMessage: values.emailMessage.trim(),
    }),
    send: (body, key) => send.mutateAsync({ body, key }),
    success: SUCCESS_MESSAGES.sendEmail,
    failure: ERROR_MESSAGES.sendEmail,
    onDone,
  });
  const email = client.email?.trim() || null;
  return (
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
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
              <TextInputField
                name="emailSubject"
                label="Subject"
                required
                maxLength={MAX_EMAIL_SUBJECT_CHARS}
              />
              <TextAreaField
                name="emailMessage"
                label="Message"
                maxLength={MAX_EMAIL_MESSAGE_CHARS}
                rows={8}
              />
            </div>
          </div>
        </fieldset>
        <SendActions
          submitLabel="Send e-mail"
          onCancel={onCancel}
          blocked={email ? null : NO_EMAIL}
          problems={problems}
        />
      </form>
    </FormProvider>
  );
}
