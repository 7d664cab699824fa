import { type NewOpportunity, useCreateOpportunity } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { MoneyField, NumberField } from '../../components/form/NumberFields.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useCurrency } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { ClientPicker } from '../clients/forms/ClientPicker.tsx';
import { FormDialog } from '../settings/FormDialog.tsx';
import {
  newOpportunityValues,
  type OpportunityContext,
  type OpportunityFormValues,
  opportunityFormSchema,
} from './opportunityForm.ts';

interface NewOpportunityProps {
  /** The prospect or client, and where the opportunity starts (the pipeline's first open stage). */
  context: OpportunityContext & { clientName: string | null; stageName: string };
  onDone: () => void;
}

/** A new opportunity for a prospect or client, in the first open stage of the board's pipeline. */
export function NewOpportunityDialog({ context, onDone }: NewOpportunityProps) {
  const { company } = useSession();
  const currency = useCurrency();
  const create = useCreateOpportunity(company.id);
  const contract = useContractForm<OpportunityFormValues, NewOpportunity>({
    schema: opportunityFormSchema(() => context),
    defaultValues: newOpportunityValues(),
    success: (input) => `Opportunity "${input.title}" opened in ${context.stageName}.`,
    onDone,
    save: (input) => create.mutateAsync(input),
  });
  return (
    <FormDialog
      header={context.clientName ? `New opportunity: ${context.clientName}` : 'New opportunity'}
      contract={contract}
      onCancel={onDone}
    >
      {context.clientId === null && <ClientPicker name="client" label="Prospect or client" kind="search" />}
      <TextField name="title" label="Title" required maxLength={200} autoFocus={context.clientId !== null} />
      <MoneyField name="value" label="Value" currency={currency} min={0} />
      <MoneyField name="commission" label="Expected commission or premium" currency={currency} min={0} />
      <NumberField
        name="probability"
        label="Probability (%)"
        min={0}
        max={100}
        hint={`Blank: the stage's default (${context.stageName}).`}
      />
      <DateField name="expectedCloseDate" label="Expected close" />
      <TextField
        name="source"
        label="Source"
        maxLength={100}
        hint="For example Referral, Website, Seminar."
      />
    </FormDialog>
  );
}
