import '../../styles/client-records.css';
import '../../styles/messaging.css';
import {
  ERROR_MESSAGES,
  formatMoney,
  MAX_SMS_CHARS,
  normaliseMobile,
  type SendSms,
  SUCCESS_MESSAGES,
  sendSmsSchema,
  smsSegments,
  withDeliveryNote,
} from '@pd/contracts';
import { useCredit, useDeliveryProviders, useSendSms } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { TextAreaField } from '../../components/form/TextField.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency, useFormatMobile } from '../../lib/company.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { type ClientFormProps, ClientMessagePanel } from './ClientMessagePanel.tsx';
import { sendFailure, useIdempotentSave } from './messageForm.ts';
import { Recipient } from './Recipient.tsx';
import { SMS_METER_ID, SmsMeter } from './SmsMeter.tsx';

interface SmsValues {
  smsMessage: string;
}
export const NO_MOBILE = 'This client has no mobile number. Add one with Update client, then send.';
export const BAD_MOBILE =
  'This mobile number is not a valid number for the client’s country, so no SMS can go to it.';

/** Tab 14, Send SMS: a message to the client's mobile, with characters, segments and cost as typed. */
export function SendSmsPanel(panel: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Send SMS" panel={panel}>
      {(props) => <SmsForm {...props} />}
    </ClientMessagePanel>
  );
}

function SmsForm({ client, onDone, onCancel, onUpdateClient }: ClientFormProps) {
  const { user } = useSession();
  const currency = useCurrency();
  const credit = useCredit(user.companyId);
  const send = useSendSms(user.companyId, client.id);
  const save = useIdempotentSave((body: SendSms, key) => send.mutateAsync({ body, key }));
  const providers = useDeliveryProviders();
  const { form, submit, problems } = useContractForm<SmsValues, SendSms>({
    // Spec section 7: the request carries companyId and userId of the signed-in user.
    schema: formSchema<SmsValues, SendSms>((values, problem) =>
      checkWith(sendSmsSchema, { companyId: user.companyId, userId: user.id, ...values }, problem),
    ),
    defaultValues: { smsMessage: '' },
    save,
    success: withDeliveryNote(SUCCESS_MESSAGES.sendSms, 'sms', providers.sms),
    failure: sendFailure(ERROR_MESSAGES.sendSms),
    onDone,
  });
  const text = form.watch('smsMessage');
  const mobile = client.mobile?.trim() || null;
  // The API sends to the number in international form: show the number it will use, as staff read it.
  const e164 = mobile ? normaliseMobile(mobile, client.addressCountry) : null;
  const formatMobile = useFormatMobile();
  const missing = mobile ? BAD_MOBILE : NO_MOBILE;
  const account = credit.data;
  const cost = account ? smsSegments(text.trim()).segments * account.segmentPriceCents : 0;
  const short = account && cost > account.balanceCents ? cost - account.balanceCents : 0;
  const blocked = !e164
    ? missing
    : short > 0
      ? `Not enough SMS credit: ${formatMoney(short, currency)} short.`
      : null;
  return (
    <FormShell form={form} onSubmit={submit}>
      <Recipient
        label="To"
        name={client.name}
        address={e164 && formatMobile(e164)}
        missing={missing}
        onUpdateClient={onUpdateClient}
      >
        {client.commStatus === 'N' && (
          <p className="message-recipient__note" data-testid="comm-status-note">
            This client’s communication status is N: bulk SMS leaves them out.
          </p>
        )}
      </Recipient>
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <div className="client-form__section message-form">
          <div className="client-form__grid">
            <TextAreaField
              name="smsMessage"
              label="Message"
              required
              wide
              maxLength={MAX_SMS_CHARS}
              rows={4}
              describedBy={SMS_METER_ID}
            />
          </div>
          <SmsMeter text={text.trim()} currency={currency} segmentPriceCents={account?.segmentPriceCents} />
          <p className="muted message-form__balance" data-testid="credit-balance">
            SMS credit balance:{' '}
            {account ? formatMoney(account.balanceCents, currency) : credit.isError ? 'not available' : '…'}
          </p>
        </div>
      </fieldset>
      <FormActions
        submitLabel="Send SMS"
        submitIcon="pi pi-send"
        busyLabel="Sending…"
        onCancel={onCancel}
        blocked={blocked}
        problems={problems}
        testId="send-problems"
      />
    </FormShell>
  );
}
