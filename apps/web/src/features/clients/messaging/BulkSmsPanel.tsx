import '../../../styles/client-records.css';
import '../../../styles/messaging.css';
import { bulkSmsSchema, ERROR_MESSAGES, MAX_SMS_CHARS, SUCCESS_MESSAGES } from '@pd/contracts';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useBulkSms, useBulkSmsPreview, useCredit, useIdempotentSend } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { PanelFrame } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatMoney, useCurrency } from '../products/format.ts';
import { BulkSmsConfirm } from './BulkSmsConfirm.tsx';
import { BulkSmsFigures } from './BulkSmsFigures.tsx';
import { SendActions, TextAreaField } from './MessageFields.tsx';
import { reasonOf, resolverOf } from './messageForm.ts';
import { SMS_METER_ID, SmsMeter } from './SmsMeter.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

interface BulkValues {
  message: string;
}
const resolver = resolverOf<BulkValues>(bulkSmsSchema);
const PREVIEW_DELAY_MS = 400;

/**
 * Tab 24, Bulk SMS: one message to every active client with a mobile and commStatus Y. The figures are
 * shown before sending and confirmed; afterwards the screen returns to tab 1, on success or failure.
 */
export function BulkSmsPanel({ onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const toast = useToast();
  const currency = useCurrency();
  const credit = useCredit(user.companyId);
  const bulk = useBulkSms(user.companyId);
  const idempotent = useIdempotentSend();
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm<BulkValues>({
    defaultValues: { message: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
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

  // Sending is confirmed first, with the figures the user saw.
  const submit = form.handleSubmit((values) => setConfirming(values.message.trim()));

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
    toast.success(SUCCESS_MESSAGES.bulkSms);
    onDone();
  };

  return (
    <PanelFrame
      title="Bulk SMS"
      lead="One message to all active clients of the company that have a mobile number and communication status Y."
    >
      <FormProvider {...form}>
        <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
          <fieldset className="client-form__body" disabled={bulk.isPending}>
            <div className="client-form__section message-form">
              <div className="client-form__grid">
                <TextAreaField
                  name="message"
                  label="Message"
                  required
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
          <SendActions submitLabel="Send Bulk SMS" onCancel={onCancel} blocked={blocked} problems={[]} />
        </form>
      </FormProvider>
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
