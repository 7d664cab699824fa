import { CALL_DIRECTIONS, CALL_OUTCOME_LABELS, CALL_OUTCOMES } from '@pd/contracts';
import { useDeferredValue, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { type NewCall, useCallerLookup, useLogCall } from '../../api/calls.ts';
import { useCompanyUsers } from '../../api/hooks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { NumberField } from '../../components/form/NumberFields.tsx';
import { type Option, optionsOf } from '../../components/form/options.ts';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useTimeZone } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { FormDialog } from '../settings/FormDialog.tsx';
import { CallerCards } from './CallerCard.tsx';
import { CallLinks } from './CallLinks.tsx';
import { type CallContext, type CallFormValues, callFormSchema, newCallValues } from './callForm.ts';

const DIRECTION_OPTIONS = optionsOf(CALL_DIRECTIONS, { in: 'Incoming', out: 'Outgoing' });
const OUTCOME_OPTIONS = optionsOf(CALL_OUTCOMES, CALL_OUTCOME_LABELS);

export interface LogCallProps {
  /** A return call from the callback queue: its number, and the callback it closes. */
  callback?: { id: number; number: string; clientId: number | null };
  onDone: () => void;
}

/** Issue 17: a call logged in a few seconds; the caller's card appears as the number is typed. */
export function LogCallDialog({ callback, onDone }: LogCallProps) {
  const { user, company } = useSession();
  const timeZone = useTimeZone();
  const logCall = useLogCall(company.id);
  const users = useCompanyUsers(company.id);
  const startedAt = useRef(new Date().toISOString());
  const clientRef = useRef<number | null>(callback?.clientId ?? null);
  const context = (): CallContext => ({
    startedAt: startedAt.current,
    clientId: clientRef.current,
    closesCallId: callback?.id ?? null,
    timeZone,
  });
  const contract = useContractForm<CallFormValues, NewCall>({
    schema: callFormSchema(context),
    defaultValues: newCallValues(callback?.number ?? '', callback ? 'out' : 'in'),
    success: (input) => (input.closesCallId ? 'Call logged; the callback is closed.' : 'Call logged.'),
    onDone,
    save: (input) => logCall.mutateAsync(input),
  });
  const number = useDeferredValue(useWatch({ control: contract.form.control, name: 'number' }) ?? '');
  const lookup = useCallerLookup(company.id, number.trim());
  clientRef.current = lookup.data?.callers[0]?.clientId ?? callback?.clientId ?? null;
  const colleagues = useMemo<Option[]>(
    () =>
      (users.data ?? [])
        .filter((u) => u.active && u.id !== user.id)
        .map((u) => ({ value: String(u.id), label: `${u.displayName} (${u.username})` })),
    [users.data, user.id],
  );
  return (
    <FormDialog header={callback ? 'Call back' : 'Log a call'} contract={contract} onCancel={onDone} wide>
      <TextField name="number" label="Number" required type="tel" inputMode="tel" maxLength={30} autoFocus />
      <CallerCards lookup={lookup.data} loading={lookup.isFetching} />
      {clientRef.current !== null && <CallLinks key={clientRef.current} clientId={clientRef.current} />}
      <SelectField name="direction" label="Direction" options={DIRECTION_OPTIONS} required />
      <SelectField name="outcome" label="Outcome" options={OUTCOME_OPTIONS} required />
      <NumberField name="durationSeconds" label="Duration (seconds)" min={0} max={86_400} />
      <TextField name="purpose" label="Purpose" maxLength={200} />
      <SelectField
        name="takenForId"
        label="Message for"
        options={colleagues}
        clearable
        placeholder="Nobody"
        hint="A colleague to call back: they get a callback task when the caller is a client."
      />
      <DateField
        name="followUpAt"
        label="Follow up at"
        hint={`Needed for no answer and left message. Time in ${timeZone.replace('_', ' ')}.`}
        showTime
      />
      <RichTextField name="notes" label="Notes" wide height="6rem" />
    </FormDialog>
  );
}
