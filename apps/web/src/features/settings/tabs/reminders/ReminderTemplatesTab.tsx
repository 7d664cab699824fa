import {
  MERGE_FIELDS,
  REMINDER_MESSAGES,
  type ReminderTemplate,
  type ReminderTemplateInput,
  reminderTemplateInputSchema,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { useWatch } from 'react-hook-form';
import { reminderTemplatesResource } from '../../../../api/reminders.ts';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextAreaField, TextField } from '../../../../components/form/TextField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { optionalTextColumn } from '../../cells.tsx';
import { FormDialog } from '../../FormDialog.tsx';
import { CHANNEL_OPTIONS, channelColumn } from './reminderCells.tsx';
import { TemplatePreviewLine } from './TemplatePreviewLine.tsx';

interface TemplateFormValues {
  name: string;
  channel: 'sms' | 'email';
  subject: string;
  body: string;
}

const MERGE_HINT = `Merge fields: ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}. Health details are not allowed.`;

/** The texts reminders and booking notices send, with merge fields (issue 16, part 2). */
export function ReminderTemplatesTab() {
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    channelColumn(),
    optionalTextColumn('subject', 'Subject'),
    <Column key="body" field="body" header="Text" className="settings-table__preview" />,
    <Column key="rules" field="rules" header="Rules using it" sortable />,
  ];
  return (
    <CatalogueTab
      resource={reminderTemplatesResource}
      noun="reminder template"
      plural="reminder templates"
      sortField="name"
      itemName={(t: ReminderTemplate) => t.name}
      columns={columns}
      Form={TemplateForm}
      deletedMessage={REMINDER_MESSAGES.templateDeleted}
    />
  );
}

function TemplateForm({ item, save, onDone }: CatalogueFormProps<ReminderTemplate, ReminderTemplateInput>) {
  const contract = useContractForm<TemplateFormValues, ReminderTemplateInput>({
    schema: reminderTemplateInputSchema,
    defaultValues: {
      name: item?.name ?? '',
      channel: item?.channel ?? 'sms',
      subject: item?.subject ?? '',
      body: item?.body ?? '',
    },
    // An SMS has no subject.
    save: (input) => save({ ...input, subject: input.channel === 'email' ? input.subject : null }),
    success: item ? REMINDER_MESSAGES.templateUpdated : REMINDER_MESSAGES.templateCreated,
    mode: 'onTouched',
    onDone,
  });
  return (
    <FormDialog
      header={item ? 'Edit reminder template' : 'New reminder template'}
      contract={contract}
      onCancel={onDone}
      wide
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <SelectField name="channel" label="Channel" required options={CHANNEL_OPTIONS} />
      <TemplateBody />
    </FormDialog>
  );
}

function TemplateBody() {
  const channel = useWatch<TemplateFormValues, 'channel'>({ name: 'channel' });
  const body = useWatch<TemplateFormValues, 'body'>({ name: 'body' });
  return (
    <>
      {channel === 'email' && <TextField name="subject" label="Subject" required maxLength={200} />}
      <TextAreaField
        name="body"
        label="Text"
        required
        rows={5}
        maxLength={5000}
        hint={MERGE_HINT}
        describedBy="template-preview"
      />
      <TemplatePreviewLine channel={channel} body={body ?? ''} />
    </>
  );
}
