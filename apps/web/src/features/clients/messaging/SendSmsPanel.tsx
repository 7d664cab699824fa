import '../../../styles/client-records.css';
import '../../../styles/messaging.css';
import {
  type Client,
  ERROR_MESSAGES,
  MAX_SMS_CHARS,
  normaliseMobile,
  SUCCESS_MESSAGES,
  sendSmsSchema,
  smsSegments,
} from '@pd/contracts';
import { FormProvider } from 'react-hook-form';
import { useCredit, useSendSms } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatMoney, useCurrency } from '../products/format.ts';
import { ClientMessagePanel } from './ClientMessagePanel.tsx';
import { Recipient, SendActions, TextAreaField } from './MessageFields.tsx';
import { resolverOf, useSendForm } from './messageForm.ts';
import { SMS_METER_ID, SmsMeter } from './SmsMeter.tsx';

interface SmsValues {
  smsMessage: string;
}
const resolver = resolverOf<SmsValues>(sendSmsSchema.pick({ smsMessage: true }));
export const NO_MOBILE = 'This client has no mobile number. Add one with Update client, then send.';
export const BAD_MOBILE =
  'This mobile number is not a valid number for the client’s country, so no SMS can go to it.';

/** Tab 14, Send SMS: a message to the client's mobile, with characters, segments and cost as typed. */
export function SendSmsPanel({ clientId, onDone, onCancel, openPanel }: ClientPanelProps) {
  return (
    <ClientMessagePanel title="Send SMS" clientId={clientId} onCancel={onCancel}>
      {(client) => (
        <SmsForm client={client} onDone={onDone} onCancel={onCancel} onUpdateClient={() => openPanel?.(4)} />
      )}
    </ClientMessagePanel>
  );
}

interface SmsFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  client: Client;
  onUpdateClient: () => void;
}

function SmsForm({ client, onDone, onCancel, onUpdateClient }: SmsFormProps) {
  const { user } = useSession();
  const currency = useCurrency();
  const credit = useCredit(user.companyId);
  const send = useSendSms(user.companyId, client.id);
  const { form, submit, problems } = useSendForm({
    defaultValues: { smsMessage: '' },
    resolver,
    body: (values: SmsValues) => ({
      companyId: user.companyId,
      userId: user.id,
      smsMessage: values.smsMessage.trim(),
    }),
    send: (body, key) => send.mutateAsync({ body, key }),
    success: SUCCESS_MESSAGES.sendSms,
    failure: ERROR_MESSAGES.sendSms,
    onDone,
  });
  const text = form.watch('smsMessage');
  const mobile = client.mobile?.trim() || null;
  // The API sends to the number in international form; show the number it will use.
  const e164 = mobile ? normaliseMobile(mobile, client.addressCountry) : null;
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
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
        <Recipient
          label="To"
          name={client.name}
          address={e164}
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
        <SendActions submitLabel="Send SMS" onCancel={onCancel} blocked={blocked} problems={problems} />
      </form>
    </FormProvider>
  );
}
