import '../../../styles/client-records.css';
import '../../invoices/invoices.css';
import { ERROR_MESSAGES, OTHER_MESSAGES, type STATEMENT_TYPES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { statementsApi } from '../../../api/statements.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { dayBoundsIso, monthBefore, pickedOfIso, todayIn } from '../../invoices/dates.ts';
import { DayField } from '../../invoices/FormParts.tsx';
import { useFieldErrors } from '../../invoices/fieldErrors.ts';
import { saveBlob } from '../../invoices/saveFile.ts';
import { PanelFrame, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { useTitleWithClient } from '../products/useClientName.ts';

type StatementType = (typeof STATEMENT_TYPES)[number];
const TYPE_LABELS: Record<StatementType, string> = {
  C: 'C: Compact (balances and ageing)',
  D: 'D: Detailed (every invoice, line and payment)',
};
const FIELDS = ['type', 'startDate', 'endDate'] as const;

/** Tab 12, Send statement: type C or D, over one month up to today by default (spec section 4). */
export function StatementPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const title = useTitleWithClient('Send statement', clientId);
  return (
    <PanelFrame title={title} lead="The client's account over the period: invoices, payments and balances.">
      {clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : (
        <StatementForm clientId={clientId} onDone={onDone} onCancel={onCancel} />
      )}
    </PanelFrame>
  );
}

function StatementForm({
  clientId,
  onDone,
  onCancel,
}: Pick<ClientPanelProps, 'onDone' | 'onCancel'> & { clientId: number }) {
  const { company } = useSession();
  const toast = useToast();
  const today = todayIn(company.timeZone);
  const [type, setType] = useState<StatementType>('C');
  const [start, setStart] = useState<Date | null>(() => pickedOfIso(monthBefore(today)));
  const [end, setEnd] = useState<Date | null>(() => pickedOfIso(today));
  const [busy, setBusy] = useState<'email' | 'download' | null>(null);
  const { errors, other, setErrors, clear, fromError, reset } = useFieldErrors(FIELDS);

  /** Checks the dates, then e-mails or downloads the statement (spec section 8's messages). */
  const run = async (how: 'email' | 'download') => {
    if (!start || !end || end < start) {
      setErrors({
        ...(start ? {} : { startDate: OTHER_MESSAGES.fieldRequired }),
        ...(end ? {} : { endDate: OTHER_MESSAGES.fieldRequired }),
        ...(start && end ? { endDate: 'The end must not be before the start.' } : {}),
      });
      return;
    }
    reset();
    setBusy(how);
    const body = { type, ...dayBoundsIso(start, end, company.timeZone) };
    try {
      if (how === 'email') await statementsApi.email(clientId, body);
      else {
        const { blob, fileName } = await statementsApi.download(clientId, body);
        saveBlob(blob, fileName);
      }
    } catch (error) {
      console.error(`The statement's ${how} failed`, error);
      toast.error(how === 'email' ? ERROR_MESSAGES.emailStatement : ERROR_MESSAGES.downloadStatement);
      fromError(error);
      return;
    } finally {
      setBusy(null);
    }
    toast.success(how === 'email' ? SUCCESS_MESSAGES.emailStatement : SUCCESS_MESSAGES.downloadStatement);
    onDone();
  };
  const download = (event: FormEvent) => {
    event.preventDefault();
    void run('download');
  };

  return (
    <form
      className="client-form record-form"
      onSubmit={download}
      noValidate
      aria-labelledby="client-panel-title"
    >
      <fieldset className="field client-form__field invoice-tax">
        <legend>Type</legend>
        {(['C', 'D'] as const).map((value) => (
          <div key={value} className="invoice-tax__choice">
            <RadioButton
              inputId={`statement-type-${value}`}
              name="type"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
            />
            <label htmlFor={`statement-type-${value}`}>{TYPE_LABELS[value]}</label>
          </div>
        ))}
      </fieldset>
      <DayField
        id="statement-start"
        label="Start date"
        testId="startDate-error"
        error={errors.startDate}
        value={start}
        onChange={(value) => {
          setStart(value);
          clear('startDate');
        }}
      />
      <DayField
        id="statement-end"
        label="End date"
        testId="endDate-error"
        error={errors.endDate}
        value={end}
        onChange={(value) => {
          setEnd(value);
          clear('endDate');
        }}
      />
      {other.map((text) => (
        <p key={text} className="field-error" role="alert">
          {text}
        </p>
      ))}
      <div className="client-form__actions">
        <Button
          type="button"
          label="E-mail"
          icon="pi pi-envelope"
          loading={busy === 'email'}
          disabled={busy !== null}
          onClick={() => void run('email')}
        />
        <Button
          type="submit"
          label="Download"
          icon="pi pi-download"
          loading={busy === 'download'}
          disabled={busy !== null}
        />
        <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
      </div>
    </form>
  );
}
