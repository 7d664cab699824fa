import {
  type AvailabilityException,
  EXCEPTION_KINDS,
  type ExceptionInput,
  exceptionInputSchema,
  FIELD_MESSAGES,
  DIARY_SETTINGS_MESSAGES as M,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { exceptionsResource, usePractitioners } from '../../../../api/diarySettings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { DateField } from '../../../../components/form/DateField.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { checkWith, formSchema } from '../../../../lib/forms/formSchema.ts';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { pickedDay, pickedOfIso } from '../../../../lib/pickedDates.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { OptionalText } from '../../cells.tsx';
import { FormDialog } from '../../FormDialog.tsx';
import { EXCEPTION_KIND_LABELS, usePractitionerNames } from './diaryLabels.ts';
import { HolidaysList } from './HolidaysList.tsx';

const KIND_OPTIONS = EXCEPTION_KINDS.map((value) => ({ value, label: EXCEPTION_KIND_LABELS[value] }));
const WHOLE_PRACTICE = 'Whole practice';

interface ExceptionFormValues {
  practitionerId: number | null;
  kind: AvailabilityException['kind'];
  startDate: Date | string | null;
  endDate: Date | string | null;
  startTime: string;
  endTime: string;
  note: string;
}

/** Picked days as YYYY-MM-DD, empty times and note as none; then the contracts' checks. */
const exceptionFormSchema = formSchema<ExceptionFormValues, ExceptionInput>((values, problem) => {
  const startDate = pickedDay(values.startDate);
  const endDate = pickedDay(values.endDate) ?? startDate;
  if (startDate === undefined) problem('startDate', FIELD_MESSAGES.required);
  const input = {
    ...values,
    startDate,
    endDate,
    startTime: values.startTime.trim() || null,
    endTime: values.endTime.trim() || null,
    note: values.note.trim() || null,
  };
  return checkWith(exceptionInputSchema, input, problem);
});

const when = (e: AvailabilityException) =>
  `${e.startDate === e.endDate ? e.startDate : `${e.startDate} to ${e.endDate}`}${
    e.startTime && e.endTime ? `, ${e.startTime}–${e.endTime}` : ''
  }`;

/** Leave, training and closures of one practitioner or the whole practice; the public holidays beneath. */
export function ExceptionsTab() {
  const names = usePractitionerNames();
  const who = (e: AvailabilityException) =>
    e.practitionerId === null ? WHOLE_PRACTICE : names(e.practitionerId);
  const columns = [
    <Column key="who" header="Who" body={who} />,
    <Column
      key="kind"
      field="kind"
      header="Kind"
      sortable
      body={(e: AvailabilityException) => EXCEPTION_KIND_LABELS[e.kind]}
    />,
    <Column key="startDate" field="startDate" header="When" sortable body={when} />,
    <Column
      key="time"
      header="Hours"
      body={(e: AvailabilityException) => (e.startTime ? `${e.startTime}–${e.endTime}` : 'All day')}
    />,
    <Column
      key="note"
      header="Note"
      body={(e: AvailabilityException) => <OptionalText text={e.note} />}
      className="settings-table__text"
    />,
  ];
  return (
    <div className="diary-tab">
      <CatalogueTab
        resource={exceptionsResource}
        noun="exception"
        plural="availability exceptions"
        sortField="startDate"
        itemName={(e: AvailabilityException) => `${EXCEPTION_KIND_LABELS[e.kind]} of ${who(e)}, ${when(e)}`}
        columns={columns}
        Form={ExceptionForm}
        deletedMessage={M.exceptionDeleted}
      />
      <HolidaysList />
    </div>
  );
}

function ExceptionForm({ item, save, onDone }: CatalogueFormProps<AvailabilityException, ExceptionInput>) {
  const { company } = useSession();
  const practitioners = usePractitioners(company.id);
  const contract = useContractForm<ExceptionFormValues, ExceptionInput>({
    schema: exceptionFormSchema,
    defaultValues: {
      practitionerId: item?.practitionerId ?? null,
      kind: item?.kind ?? 'leave',
      startDate: pickedOfIso(item?.startDate),
      endDate: pickedOfIso(item?.endDate),
      startTime: item?.startTime ?? '',
      endTime: item?.endTime ?? '',
      note: item?.note ?? '',
    },
    save,
    success: item ? M.exceptionUpdated : M.exceptionCreated,
    mode: 'onTouched',
    onDone,
  });
  const options = (practitioners.data ?? [])
    .filter((p) => p.active === 'Y' || p.userId === item?.practitionerId)
    .map((p) => ({ value: p.userId, label: p.displayName }));
  return (
    <FormDialog header={item ? 'Edit exception' : 'New exception'} contract={contract} onCancel={onDone}>
      <SelectField
        name="practitionerId"
        label="Practitioner"
        options={options}
        loading={practitioners.isPending}
        placeholder={WHOLE_PRACTICE}
        clearable
        hint="Empty closes the whole practice."
      />
      <SelectField name="kind" label="Kind" required options={KIND_OPTIONS} />
      <DateField name="startDate" label="From" required />
      <DateField name="endDate" label="To" hint="Empty: the same day." />
      <TextField name="startTime" label="From time" maxLength={5} hint="HH:mm; empty for whole days." />
      <TextField name="endTime" label="To time" maxLength={5} hint="HH:mm; empty for whole days." />
      <TextField name="note" label="Note" maxLength={200} wide />
    </FormDialog>
  );
}
