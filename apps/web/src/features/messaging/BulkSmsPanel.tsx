import '../../styles/client-records.css';
import '../../styles/messaging.css';
import {
  type BulkSms,
  bulkSmsSchema,
  ERROR_MESSAGES,
  formatMoney,
  MAX_SMS_CHARS,
  SUCCESS_MESSAGES,
  withDeliveryNote,
} from '@pd/contracts';
import { useState } from 'react';
import {
  useBulkSms,
  useBulkSmsPreview,
  useCredit,
  useDeliveryProviders,
  useIdempotentSend,
} from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { TextAreaField } from '../../components/form/TextField.tsx';
import { PanelFrame } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { BulkSmsConfirm } from './BulkSmsConfirm.tsx';
import { BulkSmsFigures } from './BulkSmsFigures.tsx';
import { reasonOf } from './messageForm.ts';
import { SMS_METER_ID, SmsMeter } from './SmsMeter.tsx';

interface BulkValues {
  message: string;
}
const PREVIEW_DELAY_MS = 400;

/**
 * Tab 24, Bulk SMS: one message to every active client with a mobile and commStatus Y. The figures are
 * shown before sending and confirmed; afterwards the screen returns to tab 1, on success or failure.
 */
export function BulkSmsPanel({ onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const toast = useToast();
  const providers = useDeliveryProviders();
  const currency = useCurrency();
  const credit = useCredit(user.companyId);
  const bulk = useBulkSms(user.companyId);
  const idempotent = useIdempotentSend();
  const [confirming, setConfirming] = useState<string | null>(null);
  // Submitting checks the message and opens the confirmation, with the figures the user saw.
  const { form, submit } = useContractForm<BulkValues, BulkSms>({
    schema: bulkSmsSchema,
    defaultValues: { message: '' },
    save: async ({ message }) => setConfirming(message),
  });
  const text = form.watch('message').trim();
  const settled = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const preview = useBulkSmsPreview(user.companyId, settled);
  const current = settled === text && !preview.isPlaceholderData ? preview.data : undefined;
  const figures = preview.data;

  const failed = preview.isError && settled === text;
  const blocked =
    text === ''
      ? null
      : failed
        ? 'The recipients and cost of this message are not known.'
        : !current
          ? 'Waiting for the recipients and cost of this message.'
          : current.recipients === 0
            ? 'No client can receive it: no active client has a usable mobile number and communication status Y.'
            : current.costCents > current.balanceCents
              ? `Not enough SMS credit: ${formatMoney(current.costCents - current.balanceCents, currency)} short.`
              : null;

  const sendNow = async () => {
    if (confirming === null) return;
    try {
      await idempotent(confirming, (key) => bulk.mutateAsync({ message: confirming, key }));
    } catch (error) {
      const reason = reasonOf(error);
      toast.error(reason ? `${ERROR_MESSAGES.bulkSms} ${reason}` : ERROR_MESSAGES.bulkSms);
      onCancel();
      return;
    }
    toast.success(withDeliveryNote(SUCCESS_MESSAGES.bulkSms, 'sms', providers.sms));
    onDone();
  };

  return (
    <PanelFrame
      title="Bulk SMS"
      lead="One message to all active clients of the company that have a mobile number and communication status Y."
    >
      <FormShell form={form} onSubmit={submit}>
        <fieldset className="client-form__body" disabled={bulk.isPending}>
          <div className="client-form__section message-form">
            <div className="client-form__grid">
              <TextAreaField
                name="message"
                label="Message"
                required
                wide
                maxLength={MAX_SMS_CHARS}
                rows={4}
                describedBy={SMS_METER_ID}
              />
            </div>
            <SmsMeter text={text} currency={currency} segmentPriceCents={credit.data?.segmentPriceCents} />
          </div>
          <BulkSmsFigures
            preview={figures}
            currency={currency}
            updating={text !== '' && !current && !failed}
            failed={failed}
            onRetry={() => void preview.refetch()}
            empty={text === ''}
          />
          {credit.data && (
            <p className="muted" data-testid="daily-cap">
              Daily SMS limit: {credit.data.sentToday.toLocaleString('en-GB')} of{' '}
              {credit.data.dailyCap.toLocaleString('en-GB')} sent today.
            </p>
          )}
        </fieldset>
        <FormActions
          submitLabel="Send Bulk SMS"
          submitIcon="pi pi-send"
          busyLabel="Sending…"
          onCancel={onCancel}
          blocked={blocked}
          problems={[]}
          testId="send-problems"
        />
      </FormShell>
      {confirming !== null && current && (
        <BulkSmsConfirm
          preview={current}
          currency={currency}
          sending={bulk.isPending}
          onConfirm={() => void sendNow()}
          onClose={() => setConfirming(null)}
        />
      )}
    </PanelFrame>
  );
}
