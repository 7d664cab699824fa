import {
  RECALL_INTERVAL_UNITS,
  RECALL_MERGE_FIELDS,
  RECALL_MESSAGES,
  type RecallType,
  type RecallTypeInput,
  recallTypeFormSchema,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { recallTypesResource, reminderTemplatesResource } from '../../../../api/reminders.ts';
import { productsResource, useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { NumberField } from '../../../../components/form/NumberFields.tsx';
import { optionsOf } from '../../../../components/form/options.ts';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { FormDialog } from '../../FormDialog.tsx';
import { MultiSelectField } from '../diary/diaryFields.tsx';

interface RecallTypeFormValues {
  name: string;
  intervalValue: number | null;
  intervalUnit: RecallType['intervalUnit'];
  templateId: number | null;
  firstNotice: number | null;
  secondNotice: number | null;
  thirdNotice: number | null;
  productIds: number[];
}

const UNIT_OPTIONS = optionsOf(RECALL_INTERVAL_UNITS, { days: 'Days', weeks: 'Weeks', months: 'Months' });
const unitWord = (t: RecallType) => (t.intervalValue === 1 ? t.intervalUnit.slice(0, -1) : t.intervalUnit);

/** "After the due date, then 14 days later": a ladder in words. */
export const ladderWords = (ladder: number[]) =>
  ladder
    .map((days, i) => {
      const after = i === 0 ? 'the due date' : 'the notice before';
      return days === 0 ? `on ${after}` : `${days} day${days === 1 ? '' : 's'} after ${after}`;
    })
    .join('; ');

/** Recall types (issue 16, part 5): who is due back when, with which notices; administrators change them. */
export function RecallTypesTab() {
  const columns = [
    <Column key="name" field="name" header="Recall type" sortable />,
    <Column
      key="interval"
      header="Due after"
      body={(t: RecallType) => `${t.intervalValue} ${unitWord(t)}`}
    />,
    <Column key="templateName" field="templateName" header="Template" sortable />,
    <Column key="ladder" header="Notices" body={(t: RecallType) => ladderWords(t.ladder)} />,
    <Column
      key="products"
      header="Started by invoicing"
      body={(t: RecallType) => t.products.map((p) => p.name).join(', ') || '—'}
    />,
    <Column key="openRecalls" field="openRecalls" header="Open recalls" sortable />,
  ];
  return (
    <CatalogueTab
      resource={recallTypesResource}
      noun="recall type"
      plural="recall types"
      sortField="name"
      itemName={(t: RecallType) => t.name}
      columns={columns}
      Form={RecallTypeForm}
      deletedMessage={RECALL_MESSAGES.typeDeleted}
    />
  );
}

function RecallTypeForm({ item, save, onDone }: CatalogueFormProps<RecallType, RecallTypeInput>) {
  const contract = useContractForm<RecallTypeFormValues, RecallTypeInput>({
    schema: recallTypeFormSchema,
    defaultValues: {
      name: item?.name ?? '',
      intervalValue: item?.intervalValue ?? 6,
      intervalUnit: item?.intervalUnit ?? 'weeks',
      templateId: item?.templateId ?? null,
      firstNotice: item?.ladder[0] ?? 0,
      secondNotice: item?.ladder[1] ?? null,
      thirdNotice: item?.ladder[2] ?? null,
      productIds: item?.products.map((p) => p.id) ?? [],
    },
    // The API words the ladder as one field; the form shows it on the first notice.
    fieldOf: (path) => {
      const field = path.replace(/^body\./, '');
      return field.startsWith('ladder') ? 'firstNotice' : field;
    },
    save,
    success: item ? RECALL_MESSAGES.typeUpdated : RECALL_MESSAGES.typeCreated,
    mode: 'onTouched',
    onDone,
  });
  return (
    <FormDialog header={item ? 'Edit recall type' : 'New recall type'} contract={contract} onCancel={onDone}>
      <RecallTypeFields />
    </FormDialog>
  );
}

function RecallTypeFields() {
  const { company } = useSession();
  const templates = useCatalogueList(reminderTemplatesResource, company.id);
  const products = useCatalogueList(productsResource, company.id);
  const templateOptions = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const productOptions = (products.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <>
      <TextField name="name" label="Name" required />
      <NumberField name="intervalValue" label="Due after" required min={1} grouping={false} />
      <SelectField name="intervalUnit" label="Unit" required options={UNIT_OPTIONS} />
      <SelectField
        name="templateId"
        label="Template"
        required
        options={templateOptions}
        loading={templates.isPending}
        hint={`A reminder template; a recall has no appointment, so only ${RECALL_MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}.`}
      />
      <NumberField
        name="firstNotice"
        label="First notice, days after the due date"
        required
        min={0}
        grouping={false}
      />
      <NumberField
        name="secondNotice"
        label="Second notice, days after the first"
        min={0}
        grouping={false}
        hint="Leave empty for one notice."
      />
      <NumberField
        name="thirdNotice"
        label="Third notice, days after the second"
        min={0}
        grouping={false}
        hint="Leave empty for at most two notices."
      />
      <MultiSelectField
        name="productIds"
        label="Started by invoicing"
        options={productOptions}
        loading={products.isPending}
        placeholder="No product starts this recall"
        hint="Invoicing one of these products records this recall for the client."
      />
    </>
  );
}
