import type { CreditAccount } from '@pd/contracts';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import type { FormEvent, ReactNode } from 'react';
import {
  Controller,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form';
import {
  type SmsSettings,
  type TopUp,
  useIdempotentSend,
  useTopUp,
  useUpdateSmsSettings,
} from '../../../api/messaging.ts';
import { formatMoney } from '../../../lib/money.ts';
import { fieldId, MoneyField, TextField } from '../fields.tsx';
import { useSettingsForm } from '../useSettingsForm.ts';
import {
  type SmsSettingsFormValues,
  smsSettingsFormSchema,
  type TopUpFormValues,
  topUpFormSchema,
} from './creditSchemas.ts';

/** A form on the page (not in a dialog): heading, fields, problems the API named, one button. */
function InlineForm<V extends FieldValues, O>({
  id,
  title,
  form,
  onSubmit,
  problems,
  submitLabel,
  children,
}: {
  id: string;
  title: string;
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (event?: FormEvent) => Promise<void>;
  problems: string[];
  submitLabel: string;
  children: ReactNode;
}) {
  const saving = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className="credit-form settings-form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => void onSubmit(event)}
      >
        <h3 id={`${id}-title`}>{title}</h3>
        {problems.length > 0 && (
          <div className="notice notice--error" role="alert">
            {problems.join(' ')}
          </div>
        )}
        <fieldset className="client-form__body" disabled={saving}>
          {children}
        </fieldset>
        <div className="credit-form__actions">
          <Button type="submit" label={submitLabel} icon="pi pi-check" loading={saving} disabled={saving} />
        </div>
      </form>
    </FormProvider>
  );
}

/** Top up (rights A): the amount and an optional note; one Idempotency-Key per submission. */
export function TopUpForm({ companyId, currency }: { companyId: number; currency: string }) {
  const topUp = useTopUp(companyId);
  const idempotent = useIdempotentSend();
  const { form, submit, problems } = useSettingsForm<TopUpFormValues, TopUp>({
    schema: topUpFormSchema,
    defaultValues: { amountCents: null, note: '' },
    save: (input) => {
      const body = { amountCents: input.amountCents, note: input.note || undefined };
      return idempotent(JSON.stringify(body), (key) => topUp.mutateAsync({ body, key }));
    },
    saved: (input) => `Added ${formatMoney(input.amountCents, currency)} SMS credit.`,
    onDone: () => form.reset({ amountCents: null, note: '' }),
  });
  return (
    <InlineForm
      id="credit-topup"
      title="Top up"
      form={form}
      onSubmit={submit}
      problems={problems}
      submitLabel="Top up"
    >
      <MoneyField name="amountCents" label="Amount" required currency={currency} />
      <TextField name="note" label="Note" maxLength={200} hint="For example the payment reference." />
    </InlineForm>
  );
}

/** A whole number input with its label and error, in the look of the other Settings fields. */
function CountField({ name, label, hint }: { name: string; label: string; hint: string }) {
  const { control, formState } = useFormContext();
  const id = fieldId(name);
  const error = formState.errors[name]?.message;
  return (
    <div className="field settings-form__field">
      <label htmlFor={id}>
        {label}
        <span className="settings-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <InputNumber
            inputId={id}
            inputRef={field.ref}
            value={field.value}
            onValueChange={(e) => field.onChange(e.value ?? null)}
            onBlur={field.onBlur}
            min={0}
            max={1_000_000}
            useGrouping
            locale="en-GB"
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-required
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
        )}
      />
      <small id={`${id}-hint`} className="settings-form__hint">
        {hint}
      </small>
      {typeof error === 'string' && (
        <small id={`${id}-error`} className="field-error" data-testid={`${name}-error`}>
          {error}
        </small>
      )}
    </div>
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
  const { form, submit, problems } = useSettingsForm<SmsSettingsFormValues, SmsSettings>({
    schema: smsSettingsFormSchema,
    defaultValues: { dailyCap: account.dailyCap, segmentPriceCents: account.segmentPriceCents },
    save: (input) => update.mutateAsync(input),
    saved: () => 'Saved SMS settings.',
    onDone: () => {},
  });
  return (
    <InlineForm
      id="credit-settings"
      title="SMS settings"
      form={form}
      onSubmit={submit}
      problems={problems}
      submitLabel="Save"
    >
      <CountField
        name="dailyCap"
        label="Daily SMS limit"
        hint="At most this many SMS a day; stops runaway sends."
      />
      <MoneyField name="segmentPriceCents" label="Price per SMS segment" required currency={currency} />
    </InlineForm>
  );
}
