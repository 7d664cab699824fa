import {
  OFFSET_UNITS,
  REMINDER_KINDS,
  REMINDER_MESSAGES,
  type ReminderRule,
  type ReminderRuleInput,
  reminderRuleInputSchema,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { useWatch } from 'react-hook-form';
import { appointmentTypesResource } from '../../../../api/diarySettings.ts';
import { reminderRulesResource, reminderTemplatesResource } from '../../../../api/reminders.ts';
import { useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { YesNoField } from '../../../../components/form/ChoiceFields.tsx';
import { NumberField } from '../../../../components/form/NumberFields.tsx';
import { optionsOf } from '../../../../components/form/options.ts';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { KIND_LABELS } from '../../../reminders/dispatchLabels.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { yesNoColumn } from '../../cells.tsx';
import { FormDialog } from '../../FormDialog.tsx';
import { CHANNEL_OPTIONS, channelColumn } from './reminderCells.tsx';

interface RuleFormValues {
  typeId: number | null;
  kind: ReminderRule['kind'];
  channel: ReminderRule['channel'];
  templateId: number | null;
  offsetValue: number | null;
  offsetUnit: ReminderRule['offsetUnit'];
  active: 'Y' | 'N';
}

const KIND_OPTIONS = optionsOf(REMINDER_KINDS, {
  ...KIND_LABELS,
  booked: 'Booking notice (on booking)',
  changed: 'Change notice (on a move)',
  cancelled: 'Cancellation notice',
  before: 'Reminder before the start',
});
const UNIT_OPTIONS = optionsOf(OFFSET_UNITS, { minutes: 'Minutes', hours: 'Hours', days: 'Days' });

/** Which reminders go out per appointment type (issue 16, part 1); each booking follows them by itself. */
export function ReminderRulesTab() {
  const columns = [
    <Column key="typeName" field="typeName" header="Appointment type" sortable />,
    <Column key="description" field="description" header="Sends" sortable />,
    channelColumn(),
    <Column key="templateName" field="templateName" header="Template" sortable />,
    yesNoColumn('active', 'Active'),
  ];
  return (
    <CatalogueTab
      resource={reminderRulesResource}
      noun="reminder rule"
      plural="reminder rules"
      sortField="typeName"
      itemName={(r: ReminderRule) => `${r.typeName}: ${r.description}`}
      columns={columns}
      Form={RuleForm}
      deletedMessage={REMINDER_MESSAGES.ruleDeleted}
    />
  );
}

function RuleForm({ item, save, onDone }: CatalogueFormProps<ReminderRule, ReminderRuleInput>) {
  const contract = useContractForm<RuleFormValues, ReminderRuleInput>({
    schema: reminderRuleInputSchema,
    defaultValues: {
      typeId: item?.typeId ?? null,
      kind: item?.kind ?? 'before',
      channel: item?.channel ?? 'sms',
      templateId: item?.templateId ?? null,
      offsetValue: item?.offsetValue ?? 24,
      offsetUnit: item?.offsetUnit ?? 'hours',
      active: item?.active ?? 'Y',
    },
    // A booking notice has no offset.
    save: (input) => save({ ...input, offsetValue: input.kind === 'before' ? input.offsetValue : null }),
    success: item ? REMINDER_MESSAGES.ruleUpdated : REMINDER_MESSAGES.ruleCreated,
    mode: 'onTouched',
    onDone,
  });
  return (
    <FormDialog
      header={item ? 'Edit reminder rule' : 'New reminder rule'}
      contract={contract}
      onCancel={onDone}
    >
      <RuleFields />
    </FormDialog>
  );
}

function RuleFields() {
  const { company } = useSession();
  const types = useCatalogueList(appointmentTypesResource, company.id);
  const templates = useCatalogueList(reminderTemplatesResource, company.id);
  const kind = useWatch<RuleFormValues, 'kind'>({ name: 'kind' });
  const channel = useWatch<RuleFormValues, 'channel'>({ name: 'channel' });
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const templateOptions = (templates.data ?? [])
    .filter((t) => t.channel === channel)
    .map((t) => ({ value: t.id, label: t.name }));
  return (
    <>
      <SelectField
        name="typeId"
        label="Appointment type"
        required
        options={typeOptions}
        loading={types.isPending}
      />
      <SelectField name="kind" label="Sends" required options={KIND_OPTIONS} />
      <SelectField name="channel" label="Channel" required options={CHANNEL_OPTIONS} />
      <SelectField
        name="templateId"
        label="Template"
        required
        options={templateOptions}
        loading={templates.isPending}
        hint="Templates of the chosen channel; add them under Reminder templates."
      />
      {kind === 'before' && (
        <>
          <NumberField
            name="offsetValue"
            label="How long before the start"
            required
            min={1}
            grouping={false}
          />
          <SelectField name="offsetUnit" label="Unit" required options={UNIT_OPTIONS} />
        </>
      )}
      <YesNoField
        name="active"
        label="Active"
        hint="An inactive rule sends nothing; its pending reminders are dropped."
      />
    </>
  );
}
