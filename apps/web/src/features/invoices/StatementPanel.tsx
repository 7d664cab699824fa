import '../../styles/client-records.css';
import './invoices.css';
import {
  dayBoundsInstants,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  isoDate,
  monthBeforeIso,
  type STATEMENT_TYPES,
  type StatementRequest,
  SUCCESS_MESSAGES,
  statementRequestSchema,
  todayIn,
  withDeliveryNote,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { useDeliveryProviders, useIdempotentSend } from '../../api/messaging.ts';
import { statementsApi } from '../../api/statements.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { RadioField } from '../../components/form/ChoiceFields.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { PanelFrame, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';
import { saveBlob } from '../../lib/saveFile.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

type StatementType = (typeof STATEMENT_TYPES)[number];
const TYPE_OPTIONS: { value: StatementType; label: string }[] = [
  { value: 'C', label: 'C: Compact (balances and ageing)' },
  { value: 'D', label: 'D: Detailed (every invoice, line and payment)' },
];

interface StatementValues {
  type: StatementType;
  startDate: Date | string | null;
  endDate: Date | string | null;
}

const period = z.object({ startDate: isoDate, endDate: isoDate });

/**
 * Spec sections 4 and 9: two days, the end not before the start, sent as start 00:00:00 and end 23:59:59
 * in the company's time zone, converted to UTC.
 */
const statementFormSchema = (timeZone: string) =>
  formSchema<StatementValues, StatementRequest>((values, problem) => {
    const days = checkWith(
      period,
      { startDate: pickedDay(values.startDate), endDate: pickedDay(values.endDate) },
      problem,
    );
    if (!days) return null;
    if (days.endDate < days.startDate) {
      problem('endDate', FIELD_MESSAGES.endBeforeStart);
      return null;
    }
    const { start, end } = dayBoundsInstants(days.startDate, days.endDate, timeZone);
    const request = { type: values.type, startDate: start.toISOString(), endDate: end.toISOString() };
    return checkWith(statementRequestSchema, request, problem);
  });

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

type Delivery = 'email' | 'download';

function StatementForm({
  clientId,
  onDone,
  onCancel,
}: Pick<ClientPanelProps, 'onDone' | 'onCancel'> & { clientId: number }) {
  const { company } = useSession();
  const today = todayIn(company.timeZone);
  // Which button sent the form: the statement is e-mailed or downloaded, with the spec's messages for each.
  const how = useRef<Delivery>('download');
  const once = useIdempotentSend();
  const [schema] = useState(() => statementFormSchema(company.timeZone));
  const providers = useDeliveryProviders();
  const { form, submit, problems } = useContractForm<StatementValues, StatementRequest>({
    schema,
    defaultValues: { type: 'C', startDate: pickedOfIso(monthBeforeIso(today)), endDate: pickedOfIso(today) },
    save: async (request) => {
      if (how.current === 'email') {
        return once(JSON.stringify(request), (key) => statementsApi.email(clientId, request, key));
      }
      const { blob, fileName } = await statementsApi.download(clientId, request);
      saveBlob(blob, fileName);
    },
    success: () =>
      how.current === 'email'
        ? withDeliveryNote(SUCCESS_MESSAGES.emailStatement, 'email', providers.email)
        : SUCCESS_MESSAGES.downloadStatement,
    failure: () =>
      how.current === 'email' ? ERROR_MESSAGES.emailStatement : ERROR_MESSAGES.downloadStatement,
    // Issue 13: a download keeps the panel open, so the same statement can be e-mailed too.
    onDone: () => {
      if (how.current === 'email') onDone();
    },
  });
  const send = (delivery: Delivery) => {
    how.current = delivery;
    return submit();
  };
  const busy = form.formState.isSubmitting;

  return (
    <FormShell
      form={form}
      onSubmit={(event) => {
        event?.preventDefault();
        return send('download');
      }}
      idPrefix="statement-"
      className="client-form record-form"
    >
      <RadioField name="type" legend="Type" options={TYPE_OPTIONS} />
      <DateField name="startDate" id="statement-start" label="Start date" required showButtonBar={false} />
      <DateField name="endDate" id="statement-end" label="End date" required showButtonBar={false} />
      <FormActions
        submitLabel="Download"
        submitIcon="pi pi-download"
        loading={busy && how.current === 'download'}
        onCancel={onCancel}
        problems={problems}
      >
        <Button
          type="button"
          label="E-mail"
          icon="pi pi-envelope"
          loading={busy && how.current === 'email'}
          disabled={busy}
          onClick={() => void send('email')}
        />
      </FormActions>
    </FormShell>
  );
}
