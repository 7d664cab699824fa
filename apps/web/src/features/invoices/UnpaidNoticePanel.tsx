import '../../styles/client-records.css';
import './invoices.css';
import {
  ERROR_MESSAGES,
  formatMoney,
  SUCCESS_MESSAGES,
  UNPAID_TYPE_CODES,
  UNPAID_TYPES,
  type UnpaidNoticeCreate,
  type UnpaidNoticeResult,
  type UnpaidType,
  unpaidNoticeCreateSchema,
  withDeliveryNote,
} from '@pd/contracts';
import { useDeliveryProviders } from '../../api/messaging.ts';
import { useClientOwed, useCreateUnpaidNotice } from '../../api/unpaid.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { MoneyField } from '../../components/form/NumberFields.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { PanelFrame, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Tab 16, Create unpaid notice: the type (default G, gentle notice) and the amount outstanding (required,
 * positive, not more than the client owes). The server e-mails the letter; C writes the amount off, which
 * only a user allowed to invoice may do.
 */
export function UnpaidNoticePanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const title = useTitleWithClient('Create unpaid notice', clientId);
  return (
    <PanelFrame title={title} lead="The client is sent a letter for the amount outstanding, by e-mail.">
      {clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : (
        <UnpaidNoticeForm clientId={clientId} onDone={onDone} onCancel={onCancel} />
      )}
    </PanelFrame>
  );
}

interface FormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  clientId: number;
}

interface UnpaidValues {
  unpaidType: UnpaidType;
  /** Cents; null while the amount is empty. */
  unpaidAmountOutstanding: number | null;
}

function UnpaidNoticeForm({ clientId, onDone, onCancel }: FormProps) {
  const { user } = useSession();
  const create = useCreateUnpaidNotice(clientId);
  const currency = useCurrency();
  const providers = useDeliveryProviders();
  const { form, submit, problems } = useContractForm<UnpaidValues, UnpaidNoticeCreate, UnpaidNoticeResult>({
    schema: unpaidNoticeCreateSchema,
    defaultValues: { unpaidType: 'G', unpaidAmountOutstanding: null },
    save: (input) => create.mutateAsync(input),
    // The server's message is the spec's, plus a note when the client has no e-mail address.
    success: (_, { message, emailed }) =>
      emailed
        ? withDeliveryNote(SUCCESS_MESSAGES.createUnpaidNotice, 'email', providers.email)
        : message || SUCCESS_MESSAGES.createUnpaidNotice,
    failure: ERROR_MESSAGES.createUnpaidNotice,
    onDone,
  });
  const types = UNPAID_TYPE_CODES.filter((t) => t !== 'C' || user.enableInvoicing !== 'N').map((value) => ({
    value,
    // Words, not the spec's one-letter codes (issue 13, point 7); the code is what the API stores.
    label: capitalised(UNPAID_TYPES[value]),
  }));
  const writeOff = form.watch('unpaidType') === 'C';
  const owed = useClientOwed(clientId);

  return (
    <FormShell form={form} onSubmit={submit} idPrefix="unpaid-" className="client-form record-form">
      <SelectField
        name="unpaidType"
        id="unpaid-type"
        label="Unpaid type"
        options={types}
        placeholder="Choose a type"
        warning={writeOff ? "The amount is written off the client's invoices." : undefined}
      />
      <p className="muted" role="status" data-testid="unpaid-owed">
        {owed.data
          ? owed.data.owedCents > 0
            ? `The client owes ${formatMoney(owed.data.owedCents, owed.data.currency)}: the notice may ask for up to that.`
            : 'The client owes nothing now: there is no amount to give notice of.'
          : owed.isError
            ? 'What the client owes could not be loaded.'
            : 'Loading what the client owes…'}
      </p>
      <MoneyField
        name="unpaidAmountOutstanding"
        id="unpaid-amount"
        label="Amount outstanding"
        required
        currency={currency}
      />
      <FormActions
        submitLabel="Create unpaid notice"
        submitIcon="pi pi-envelope"
        onCancel={onCancel}
        problems={problems}
      />
    </FormShell>
  );
}
