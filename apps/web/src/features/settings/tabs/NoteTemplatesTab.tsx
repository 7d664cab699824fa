import type { NoteTemplate } from '@pd/contracts';
import { Column } from 'primereact/column';
import { type NoteTemplateInput, noteTemplatesResource } from '../../../api/settings.ts';
import { RichTextView } from '../../../components/RichTextView.tsx';
import { CatalogueTable } from '../CatalogueTable.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { RichTextField, TextField } from '../fields.tsx';
import { type NoteTemplateFormValues, noteTemplateFormSchema } from '../schemas.ts';
import { useCatalogue } from '../useCatalogue.ts';
import { useSettingsForm } from '../useSettingsForm.ts';

const NOUN = 'note template';

export function NoteTemplatesTab() {
  const catalogue = useCatalogue(noteTemplatesResource, NOUN, (template) => template.subject);
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
  return (
    <>
      <CatalogueTable
        plural="note templates"
        noun={NOUN}
        sortField="subject"
        columns={columns}
        {...catalogue.tableProps}
      />
      {catalogue.editing && (
        <NoteTemplateForm
          template={catalogue.editing.item}
          save={(input) => catalogue.save(catalogue.editing?.item?.id ?? null, input)}
          onDone={catalogue.close}
        />
      )}
    </>
  );
}

interface NoteTemplateFormProps {
  template: NoteTemplate | null;
  save: (input: NoteTemplateInput) => Promise<unknown>;
  onDone: () => void;
}

function NoteTemplateForm({ template, save, onDone }: NoteTemplateFormProps) {
  const { form, submit, problems } = useSettingsForm<NoteTemplateFormValues, NoteTemplateInput>({
    schema: noteTemplateFormSchema,
    defaultValues: { subject: template?.subject ?? '', body: template?.body ?? '' },
    save,
    saved: (values) => `Saved ${NOUN} "${values.subject}".`,
    onDone,
  });
  return (
    <FormDialog
      header={template ? 'Edit note template' : 'New note template'}
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      problems={problems}
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
