import { type NoteTemplate, noteTemplateInputSchema } from '@pd/contracts';
import { Column } from 'primereact/column';
import type { NoteTemplateInput } from '../../../api/settings.ts';
import { RichTextField } from '../../../components/form/RichTextField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { RichTextView } from '../../../components/RichTextView.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab, dialogSaving } from '../CatalogueTable.tsx';
import { NOTE_TEMPLATES } from '../catalogues.ts';
import { FormDialog } from '../FormDialog.tsx';
import type { NoteTemplateFormValues } from '../schemas.ts';

export function NoteTemplatesTab() {
  const columns = [
    <Column key="subject" field="subject" header="Subject" sortable className="settings-table__subject" />,
    <Column
      key="body"
      field="body"
      header="Text"
      body={(template: NoteTemplate) => (
        <RichTextView html={template.body} className="settings-table__preview" empty="No text" />
      )}
    />,
  ];
  return <CatalogueTab {...NOTE_TEMPLATES} columns={columns} Form={NoteTemplateForm} />;
}

function NoteTemplateForm(props: CatalogueFormProps<NoteTemplate, NoteTemplateInput>) {
  const template = props.item;
  const contract = useContractForm<NoteTemplateFormValues, NoteTemplateInput>({
    schema: noteTemplateInputSchema,
    defaultValues: { subject: template?.subject ?? '', body: template?.body ?? '' },
    ...dialogSaving(props, (input) => input.subject),
  });
  return (
    <FormDialog
      header={template ? 'Edit note template' : 'New note template'}
      contract={contract}
      onCancel={props.onDone}
      wide
    >
      <TextField name="subject" label="Subject" required maxLength={200} />
      <RichTextField
        name="body"
        label="Text"
        hint="A new note made from this template starts with this text."
      />
    </FormDialog>
  );
}
