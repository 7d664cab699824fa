import '../../../styles/client-records.css';
import '../../invoices/invoices.css';
import {
  ERROR_MESSAGES,
  OTHER_MESSAGES,
  SUCCESS_MESSAGES,
  UNPAID_TYPE_CODES,
  UNPAID_TYPES,
  type UnpaidType,
} from '@pd/contracts';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { useCreateUnpaidNotice } from '../../../api/unpaid.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { describedBy, Field, FormButtons, MoneyInput } from '../../invoices/FormParts.tsx';
import { useFieldErrors } from '../../invoices/fieldErrors.ts';
import { PanelFrame, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { unitsToCents, useCurrency } from '../products/format.ts';
import { useTitleWithClient } from '../products/useClientName.ts';

const FIELDS = ['unpaidType', 'unpaidAmountOutstanding'] as const;
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

function UnpaidNoticeForm({ clientId, onDone, onCancel }: FormProps) {
  const { user } = useSession();
  const create = useCreateUnpaidNotice(clientId);
  const toast = useToast();
  const currency = useCurrency();
  const [unpaidType, setUnpaidType] = useState<UnpaidType>('G');
  const [amount, setAmount] = useState<number | null>(null);
  const { errors, other, setErrors, clear, fromError, reset } = useFieldErrors(FIELDS);
  const types = UNPAID_TYPE_CODES.filter((t) => t !== 'C' || user.enableInvoicing !== 'N').map((value) => ({
    value,
    label: `${value}: ${capitalised(UNPAID_TYPES[value])}`,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = unitsToCents(amount);
    if (cents === null || cents <= 0) {
      setErrors({
        unpaidAmountOutstanding:
          cents === null ? OTHER_MESSAGES.fieldRequired : 'The amount must be more than 0.',
      });
      return;
    }
    reset();
    let message: string;
    try {
      ({ message } = await create.mutateAsync({ unpaidType, unpaidAmountOutstanding: cents }));
    } catch (error) {
      console.error('Creating the unpaid notice failed', error);
      toast.error(ERROR_MESSAGES.createUnpaidNotice);
      fromError(error);
      return;
    }
    // The server's message is the spec's, plus a note when the client has no e-mail address.
    toast.success(message || SUCCESS_MESSAGES.createUnpaidNotice);
    onDone();
  };

  return (
    <form
      className="client-form record-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="client-panel-title"
    >
      <Field id="unpaid-type" label="Unpaid type" testId="unpaidType-error" error={errors.unpaidType}>
        <Dropdown
          inputId="unpaid-type"
          placeholder="Choose a type"
          value={unpaidType}
          options={types}
          onChange={(e) => {
            setUnpaidType(e.value as UnpaidType);
            clear('unpaidType');
          }}
          invalid={Boolean(errors.unpaidType)}
          {...describedBy('unpaid-type', errors.unpaidType)}
          className="client-form__control"
          pt={{ select: { 'aria-hidden': true } }}
        />
        {unpaidType === 'C' && (
          <small className="client-form__warning" data-testid="write-off-warning">
            <span className="pi pi-exclamation-triangle" aria-hidden="true" /> The amount is written off the
            client's invoices.
          </small>
        )}
      </Field>
      <Field
        id="unpaid-amount"
        label="Amount outstanding"
        required
        testId="unpaidAmountOutstanding-error"
        error={errors.unpaidAmountOutstanding}
      >
        <MoneyInput
          id="unpaid-amount"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            clear('unpaidAmountOutstanding');
          }}
          currency={currency}
          error={errors.unpaidAmountOutstanding}
          required
        />
      </Field>
      <FormButtons
        submitLabel="Create unpaid notice"
        icon="pi pi-envelope"
        busy={create.isPending}
        problems={other}
        onCancel={onCancel}
      />
    </form>
  );
}
