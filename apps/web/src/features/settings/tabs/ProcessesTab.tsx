import type { Process } from '@pd/contracts';
import { Column } from 'primereact/column';
import { type ProcessInput, processesResource } from '../../../api/settings.ts';
import { CatalogueTable } from '../CatalogueTable.tsx';
import { OptionalText, YesNoTag } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { TextAreaField, TextField, YesNoField } from '../fields.tsx';
import { type ProcessFormValues, processFormSchema } from '../schemas.ts';
import { useCatalogue } from '../useCatalogue.ts';
import { useSettingsForm } from '../useSettingsForm.ts';

const NOUN = 'process';

export function ProcessesTab() {
  const catalogue = useCatalogue(processesResource, NOUN, (process) => process.name);
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    <Column
      key="description"
      field="description"
      header="Description"
      body={(process: Process) => <OptionalText text={process.description} />}
      className="settings-table__text"
    />,
    <Column
      key="active"
      field="active"
      header="Active"
      sortable
      body={(process: Process) => <YesNoTag value={process.active} />}
    />,
  ];
  return (
    <>
      <CatalogueTable
        plural="processes"
        noun={NOUN}
        sortField="name"
        columns={columns}
        {...catalogue.tableProps}
      />
      {catalogue.editing && (
        <ProcessForm
          process={catalogue.editing.item}
          save={(input) => catalogue.save(catalogue.editing?.item?.id ?? null, input)}
          onDone={catalogue.close}
        />
      )}
    </>
  );
}

interface ProcessFormProps {
  process: Process | null;
  save: (input: ProcessInput) => Promise<unknown>;
  onDone: () => void;
}

function ProcessForm({ process, save, onDone }: ProcessFormProps) {
  const { form, submit, problems } = useSettingsForm<ProcessFormValues, ProcessInput>({
    schema: processFormSchema,
    defaultValues: {
      name: process?.name ?? '',
      description: process?.description ?? '',
      active: process?.active ?? 'Y',
    },
    save: (input) => save({ ...input, description: input.description || null }),
    saved: (values) => `Saved ${NOUN} "${values.name}".`,
    onDone,
  });
  return (
    <FormDialog
      header={process ? 'Edit process' : 'New process'}
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      problems={problems}
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <TextAreaField name="description" label="Description" maxLength={2000} />
      <YesNoField name="active" label="Active" hint="New tasks can only belong to an active process." />
    </FormDialog>
  );
}
