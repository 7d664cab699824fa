import {
  FIELD_MESSAGES,
  RECALL_MESSAGES,
  type Recall,
  type RecallInput,
  recallInputSchema,
  todayIn,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { PAGINATOR_PT } from '../../components/a11y.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recallState } from '../reminders/recallWords.ts';
import { useCancelRecall, useCreateRecall, useRecalls, useRecallTypes } from '../reminders/useRecalls.ts';

interface RecallValues {
  typeId: number | null;
  serviceDate: Date | string | null;
}

const recallFormSchema = formSchema<RecallValues, RecallInput>((values, problem) => {
  if (values.typeId === null) problem('typeId', FIELD_MESSAGES.required);
  const serviceDate = pickedDay(values.serviceDate);
  if (serviceDate === undefined) problem('serviceDate', FIELD_MESSAGES.required);
  return checkWith(recallInputSchema, { typeId: values.typeId, serviceDate }, problem);
});

/** The client's recalls (issue 16, part 5): every one, soonest due first; add one by hand, cancel an open one. */
export function ClientRecalls({ clientId }: { clientId: number }) {
  const { company } = useSession();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const recalls = useRecalls(company.id, { status: 'all', clientId, ...paging });
  const types = useRecallTypes(company.id);
  const create = useCreateRecall(clientId);
  const cancel = useCancelRecall();
  const [defaultValues] = useState<RecallValues>(() => ({
    typeId: null,
    serviceDate: pickedOfIso(todayIn(company.timeZone)),
  }));
  const { form, submit, problems } = useContractForm<RecallValues, RecallInput>({
    schema: recallFormSchema,
    defaultValues,
    save: (body) => create.mutateAsync(body),
    success: RECALL_MESSAGES.created,
  });
  const options = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const page = recalls.data;
  return (
    <section className="record-section" aria-labelledby="record-recalls-heading">
      <div className="record-section__header">
        <h2 id="record-recalls-heading">Recalls</h2>
      </div>
      <FormShell
        form={form}
        onSubmit={submit}
        idPrefix="recall-"
        className="client-form"
        label="Add a recall"
      >
        <SelectField
          name="typeId"
          label="Recall type"
          required
          options={options}
          loading={types.isPending}
          placeholder="Choose a recall type"
        />
        <DateField name="serviceDate" label="Service date" required showButtonBar={false} />
        <FormActions submitLabel="Add recall" problems={problems} />
      </FormShell>
      {recalls.isError && (
        <p role="alert" className="error">
          The recalls could not be loaded. {recalls.error.message}
        </p>
      )}
      {cancel.isError && (
        <p role="alert" className="error">
          {cancel.error.message}
        </p>
      )}
      <DataTable
        value={page?.content ?? []}
        dataKey="id"
        {...serverPaging(paging.page, paging.size, page?.totalElements ?? 0, (p, size) =>
          setPaging({ page: p, size }),
        )}
        loading={recalls.isPending}
        size="small"
        stripedRows
        pt={{ table: { 'aria-label': 'Recalls' }, paginator: PAGINATOR_PT }}
        emptyMessage={
          <span role="status" data-testid="client-recalls-empty">
            {recalls.isPending ? 'Loading recalls. Please wait.' : 'No recalls.'}
          </span>
        }
      >
        <Column field="typeName" header="Recall" />
        <Column field="serviceDate" header="Service date" />
        <Column field="dueDate" header="Due" />
        <Column header="State" body={(r: Recall) => recallState(r)} />
        <Column
          header="Cancel"
          body={(r: Recall) =>
            r.status === 'due' || r.status === 'notified' ? (
              <Button
                type="button"
                size="small"
                outlined
                label="Cancel"
                aria-label={`Cancel the ${r.typeName} recall due ${r.dueDate}`}
                loading={cancel.isPending && cancel.variables === r.id}
                onClick={() => cancel.mutate(r.id)}
              />
            ) : (
              '—'
            )
          }
        />
      </DataTable>
    </section>
  );
}
