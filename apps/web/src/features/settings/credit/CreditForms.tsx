import { type CreditAccount, formatMoney } from '@pd/contracts';
import {
  type SmsSettings,
  type TopUp,
  useIdempotentSend,
  useTopUp,
  useUpdateSmsSettings,
} from '../../../api/messaging.ts';
import { MoneyField, NumberField } from '../../../components/form/NumberFields.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { InlineForm } from '../FormDialog.tsx';
import {
  type SmsSettingsFormValues,
  smsSettingsFormSchema,
  type TopUpFormValues,
  topUpFormSchema,
} from './creditSchemas.ts';

const EMPTY_TOP_UP: TopUpFormValues = { amountCents: null, note: '' };

/** Top up (rights A): the amount and an optional note; one Idempotency-Key per submission. */
export function TopUpForm({ companyId, currency }: { companyId: number; currency: string }) {
  const topUp = useTopUp(companyId);
  const idempotent = useIdempotentSend();
  const contract = useContractForm<TopUpFormValues, TopUp>({
    schema: topUpFormSchema,
    defaultValues: EMPTY_TOP_UP,
    save: (input) => {
      const body = { amountCents: input.amountCents, note: input.note || undefined };
      return idempotent(JSON.stringify(body), (key) => topUp.mutateAsync({ body, key }));
    },
    success: (input) => `Added ${formatMoney(input.amountCents, currency)} SMS credit.`,
    onDone: () => contract.form.reset(EMPTY_TOP_UP),
  });
  return (
    <InlineForm id="credit-topup" title="Top up" contract={contract} submitLabel="Top up">
      <MoneyField name="amountCents" label="Amount" required currency={currency} min={0} max={10_000_000} />
      <TextField name="note" label="Note" maxLength={200} hint="For example the payment reference." />
    </InlineForm>
  );
}

/** Daily cap and segment price (rights A). */
export function SmsSettingsForm({
  companyId,
  currency,
  account,
}: {
  companyId: number;
  currency: string;
  account: CreditAccount;
}) {
  const update = useUpdateSmsSettings(companyId);
  const contract = useContractForm<SmsSettingsFormValues, SmsSettings>({
    schema: smsSettingsFormSchema,
    defaultValues: { dailyCap: account.dailyCap, segmentPriceCents: account.segmentPriceCents },
    save: (input) => update.mutateAsync(input),
    success: 'Saved SMS settings.',
    mode: 'onTouched',
  });
  return (
    <InlineForm id="credit-settings" title="SMS settings" contract={contract} submitLabel="Save">
      <NumberField
        name="dailyCap"
        label="Daily SMS limit"
        required
        min={0}
        max={1_000_000}
        hint="At most this many SMS a day; stops runaway sends."
      />
      <MoneyField
        name="segmentPriceCents"
        label="Price per SMS segment"
        required
        currency={currency}
        min={0}
        max={10_000_000}
      />
    </InlineForm>
  );
}
