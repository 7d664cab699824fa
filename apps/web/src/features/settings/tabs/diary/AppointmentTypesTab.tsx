import {
  type AppointmentType,
  type AppointmentTypeInput,
  appointmentTypeInputSchema,
  formatMoney,
  DIARY_SETTINGS_MESSAGES as M,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { appointmentTypesResource, usePractitioners } from '../../../../api/diarySettings.ts';
import { billingPlansResource, productsResource, useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { YesNoField } from '../../../../components/form/ChoiceFields.tsx';
import { MoneyField, NumberField } from '../../../../components/form/NumberFields.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { useCurrency } from '../../../../lib/company.ts';
import { checkWith, formSchema } from '../../../../lib/forms/formSchema.ts';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { OptionalText, yesNoColumn } from '../../cells.tsx';
import { FormDialog } from '../../FormDialog.tsx';
import { ColourField, ColourSwatch, MultiSelectField } from './diaryFields.tsx';
import { activeOptions, lengthText, usePractitionerNames } from './diaryLabels.ts';

interface TypeFormValues {
  name: string;
  durationMinutes: number | null;
  minMinutes: number | null;
  maxMinutes: number | null;
  colour: string;
  bufferAfterMinutes: number | null;
  productId: number | null;
  billingPlanId: number | null;
  tariffCode: string;
  noShowFeeCents: number | null;
  lateCancelFeeCents: number | null;
  practitionerIds: number[];
  active: 'Y' | 'N';
}

/** The form's values checked as the API will check them; an empty tariff code is none. */
const typeFormSchema = formSchema<TypeFormValues, AppointmentTypeInput>((values, problem) =>
  checkWith(
    appointmentTypeInputSchema,
    {
      ...values,
      // An empty shortest or longest length is the usual length (also when editing: sent, not kept).
      minMinutes: values.minMinutes ?? values.durationMinutes ?? undefined,
      maxMinutes: values.maxMinutes ?? values.durationMinutes ?? undefined,
      bufferAfterMinutes: values.bufferAfterMinutes ?? 0,
      tariffCode: values.tariffCode.trim() || null,
    },
    problem,
  ),
);

export function AppointmentTypesTab({ currency }: { currency: string }) {
  const names = usePractitionerNames();
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, currency));
  // Tariff codes are for medical accounts: a healthcare practice's (type H) only, as on products.
  const healthcare = useSession().company.type === 'H';
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    <Column
      key="durationMinutes"
      field="durationMinutes"
      header="Length"
      sortable
      body={(t: AppointmentType) => lengthText(t)}
    />,
    <Column key="colour" header="Colour" body={(t: AppointmentType) => <ColourSwatch colour={t.colour} />} />,
    <Column
      key="bufferAfterMinutes"
      field="bufferAfterMinutes"
      header="Buffer after"
      sortable
      body={(t: AppointmentType) => `${t.bufferAfterMinutes} min`}
    />,
    <Column
      key="invoices"
      header="Invoices"
      body={(t: AppointmentType) => (
        <OptionalText
          text={
            (t.productName ?? t.billingPlanName) &&
            `${t.productName ?? t.billingPlanName} (${money(t.priceCents)})`
          }
        />
      )}
    />,
    ...(healthcare
      ? [
          <Column
            key="tariffCode"
            field="tariffCode"
            header="Tariff code"
            body={(t: AppointmentType) => <OptionalText text={t.tariffCode} />}
          />,
        ]
      : []),
    <Column
      key="noShowFeeCents"
      header="No-show fee"
      body={(t: AppointmentType) => <OptionalText text={money(t.noShowFeeCents)} />}
    />,
    <Column
      key="lateCancelFeeCents"
      header="Late-cancellation fee"
      body={(t: AppointmentType) => <OptionalText text={money(t.lateCancelFeeCents)} />}
    />,
    <Column
      key="practitioners"
      header="Offered by"
      body={(t: AppointmentType) =>
        t.practitionerIds.length === 0 ? 'Every practitioner' : t.practitionerIds.map(names).join(', ')
      }
      className="settings-table__text"
    />,
    yesNoColumn('active', 'Active'),
  ];
  return (
    <CatalogueTab
      resource={appointmentTypesResource}
      noun="appointment type"
      plural="appointment types"
      sortField="name"
      itemName={(t: AppointmentType) => t.name}
      columns={columns}
      Form={AppointmentTypeForm}
      deletedMessage={M.typeDeleted}
    />
  );
}

function AppointmentTypeForm({
  item: type,
  save,
  onDone,
}: CatalogueFormProps<AppointmentType, AppointmentTypeInput>) {
  const { company } = useSession();
  const currency = useCurrency();
  const products = useCatalogueList(productsResource, company.id);
  const plans = useCatalogueList(billingPlansResource, company.id);
  const practitioners = usePractitioners(company.id);
  const contract = useContractForm<TypeFormValues, AppointmentTypeInput>({
    schema: typeFormSchema,
    defaultValues: {
      name: type?.name ?? '',
      durationMinutes: type?.durationMinutes ?? 30,
      minMinutes: type?.minMinutes ?? null,
      maxMinutes: type?.maxMinutes ?? null,
      colour: type?.colour ?? '#1e88e5',
      bufferAfterMinutes: type?.bufferAfterMinutes ?? 0,
      productId: type?.productId ?? null,
      billingPlanId: type?.billingPlanId ?? null,
      tariffCode: type?.tariffCode ?? '',
      noShowFeeCents: type?.noShowFeeCents ?? null,
      lateCancelFeeCents: type?.lateCancelFeeCents ?? null,
      practitionerIds: type?.practitionerIds ?? [],
      active: type?.active ?? 'Y',
    },
    save,
    success: type ? M.typeUpdated : M.typeCreated,
    mode: 'onTouched',
    onDone,
  });
  const practitionerOptions = (practitioners.data ?? [])
    .filter((p) => p.active === 'Y' || type?.practitionerIds.includes(p.userId))
    .map((p) => ({ value: p.userId, label: p.displayName }));
  return (
    <FormDialog
      header={type ? 'Edit appointment type' : 'New appointment type'}
      contract={contract}
      onCancel={onDone}
      wide
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <ColourField name="colour" label="Colour" required />
      <NumberField
        name="durationMinutes"
        label="Usual length (minutes)"
        required
        max={720}
        grouping={false}
      />
      <NumberField
        name="bufferAfterMinutes"
        label="Buffer after (minutes)"
        min={0}
        max={240}
        grouping={false}
      />
      <NumberField
        name="minMinutes"
        label="Shortest length (minutes)"
        max={720}
        grouping={false}
        hint="Empty: the usual length."
      />
      <NumberField
        name="maxMinutes"
        label="Longest length (minutes)"
        max={720}
        grouping={false}
        hint="Empty: the usual length."
      />
      <SelectField
        name="productId"
        label="Invoices product"
        options={activeOptions(products.data, type?.productId ?? null)}
        loading={products.isPending}
        placeholder="No product"
        clearable
        hint="Its premium is what the appointment invoices."
      />
      <SelectField
        name="billingPlanId"
        label="Or invoices billing plan"
        options={activeOptions(plans.data, type?.billingPlanId ?? null)}
        loading={plans.isPending}
        placeholder="No billing plan"
        clearable
        hint="Its amount is what the appointment invoices."
      />
      {company.type === 'H' && <TextField name="tariffCode" label="Tariff code" maxLength={20} />}
      <MoneyField name="noShowFeeCents" label="No-show fee" currency={currency} min={0} max={10_000_000} />
      <MoneyField
        name="lateCancelFeeCents"
        label="Late-cancellation fee"
        currency={currency}
        min={0}
        max={10_000_000}
      />
      <MultiSelectField
        name="practitionerIds"
        label="Offered by"
        options={practitionerOptions}
        loading={practitioners.isPending}
        placeholder="Every practitioner"
        wide
      />
      <YesNoField name="active" label="Active" hint="Inactive types are not offered for new bookings." />
    </FormDialog>
  );
}
