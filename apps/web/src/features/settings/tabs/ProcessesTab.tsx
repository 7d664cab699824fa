import { type Process, type ProcessInput, processInputSchema } from '@pd/contracts';
import { Column } from 'primereact/column';
import { YesNoField } from '../../../components/form/ChoiceFields.tsx';
import { TextAreaField, TextField } from '../../../components/form/TextField.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab, dialogSaving } from '../CatalogueTable.tsx';
import { PROCESSES } from '../catalogues.ts';
import { optionalTextColumn, yesNoColumn } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import type { ProcessFormValues } from '../schemas.ts';

export function ProcessesTab() {
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    optionalTextColumn('description', 'Description'),
    yesNoColumn('active', 'Active'),
  ];
  return <CatalogueTab {...PROCESSES} columns={columns} Form={ProcessForm} />;
}

function ProcessForm(props: CatalogueFormProps<Process, ProcessInput>) {
  const process = props.item;
  const contract = useContractForm<ProcessFormValues, ProcessInput>({
    schema: processInputSchema,
    defaultValues: {
      name: process?.name ?? '',
      description: process?.description ?? '',
      active: process?.active ?? 'Y',
    },
    ...dialogSaving(props, (input) => input.name),
    // An empty description is no description.
    save: (input) => props.save({ ...input, description: input.description || null }),
  });
  return (
    <FormDialog header={process ? 'Edit process' : 'New process'} contract={contract} onCancel={props.onDone}>
      <TextField name="name" label="Name" required maxLength={100} />
      <TextAreaField name="description" label="Description" maxLength={2000} />
      <YesNoField name="active" label="Active" hint="New tasks can only belong to an active process." />
    </FormDialog>
  );
}
