import {
  DIARY_SETTINGS_MESSAGES as M,
  type Practitioner,
  type WorkingHoursInput,
  workingHoursInputSchema,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Controller, get, useFieldArray, useFormContext } from 'react-hook-form';
import { usePractitionerMutations } from '../../../../api/diarySettings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { FormDialog } from '../../FormDialog.tsx';
import { WEEKDAY_NAMES } from './diaryLabels.ts';

const DAY_OPTIONS = WEEKDAY_NAMES.map((label, i) => ({ value: i + 1, label }));
type Values = WorkingHoursInput;

/** The weekly working hours of one practitioner: any number of spans a day (a lunch break is two). */
export function WorkingHoursDialog({
  practitioner,
  onDone,
}: {
  practitioner: Practitioner;
  onDone: () => void;
}) {
  const { company } = useSession();
  const { setHours } = usePractitionerMutations(company.id);
  const contract = useContractForm<Values, WorkingHoursInput>({
    schema: workingHoursInputSchema,
    defaultValues: {
      intervals: [...practitioner.hours].sort(
        (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
      ),
    },
    save: (input) => setHours.mutateAsync({ userId: practitioner.userId, input }),
    success: M.hoursUpdated,
    onDone,
  });
  return (
    <FormDialog
      header={`Working hours: ${practitioner.displayName}`}
      contract={contract}
      onCancel={onDone}
      wide
    >
      <Intervals />
    </FormDialog>
  );
}

function Intervals() {
  const { control, formState } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'intervals' });
  const last = fields.at(-1);
  return (
    <div className="diary-hours client-form__field--wide">
      {fields.length === 0 && <p className="muted">No working hours: the practitioner cannot be booked.</p>}
      {fields.length > 0 && (
        <table className="diary-hours__table">
          <caption className="sr-only">Working hours</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id}>
                <td>
                  <Controller
                    control={control}
                    name={`intervals.${index}.weekday`}
                    render={({ field: f }) => (
                      <Dropdown
                        inputId={`settings-intervals-${index}-weekday`}
                        ariaLabel={`Day of row ${index + 1}`}
                        aria-label={`Day of row ${index + 1}`}
                        value={f.value}
                        options={DAY_OPTIONS}
                        optionLabel="label"
                        optionValue="value"
                        onChange={(e) => f.onChange(e.value)}
                        pt={{ select: { 'aria-hidden': true } }}
                      />
                    )}
                  />
                </td>
                <td>
                  <TimeInput index={index} edge="start" />
                </td>
                <td>
                  <TimeInput index={index} edge="end" />
                </td>
                <td>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    aria-label={`Remove row ${index + 1}`}
                    onClick={() => remove(index)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {typeof get(formState.errors, 'intervals.message') === 'string' && (
        <small className="field-error">{get(formState.errors, 'intervals.message')}</small>
      )}
      <Button
        type="button"
        label="Add hours"
        icon="pi pi-plus"
        size="small"
        outlined
        onClick={() =>
          append({
            weekday: last ? Math.min(7, last.weekday + 1) : 1,
            start: last?.start ?? '08:00',
            end: last?.end ?? '17:00',
          })
        }
      />
    </div>
  );
}

/** HH:mm typed; its error (a bad time, an overlap, an end before the start) under it. */
function TimeInput({ index, edge }: { index: number; edge: 'start' | 'end' }) {
  const { register, formState } = useFormContext<Values>();
  const name = `intervals.${index}.${edge}` as const;
  const id = `settings-intervals-${index}-${edge}`;
  const error = get(formState.errors, `${name}.message`) as string | undefined;
  return (
    <>
      <InputText
        {...register(name)}
        id={id}
        aria-label={`${edge === 'start' ? 'From' : 'To'} of row ${index + 1}`}
        placeholder="HH:mm"
        inputMode="numeric"
        maxLength={5}
        size={6}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="field-error" data-testid={`intervals-${index}-${edge}-error`}>
          {error}
        </small>
      )}
    </>
  );
}
