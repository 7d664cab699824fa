import { opportunityInputSchema } from '@pd/contracts';
import type { ClientPick } from '../../api/clientForms.ts';
import type { NewOpportunity } from '../../api/prospects.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { pickedDay } from '../../lib/pickedDates.ts';

/** The new-opportunity form as edited: amounts in cents (as MoneyField holds them), the probability blank for the stage's. */
export interface OpportunityFormValues {
  title: string;
  value: number | null;
  commission: number | null;
  probability: number | null;
  expectedCloseDate: Date | string | null;
  source: string;
  /** The prospect or client picked, when the context names none (the picker's text until one is picked). */
  client: ClientPick | string | null;
}

/** What the form does not ask: whose opportunity, in which pipeline and (first open) stage. */
export interface OpportunityContext {
  /** Null: the form asks for the prospect or client. */
  clientId: number | null;
  pipelineId: number;
  stageId: number;
}

export const newOpportunityValues = (): OpportunityFormValues => ({
  title: '',
  value: null,
  commission: null,
  probability: null,
  expectedCloseDate: null,
  source: '',
  client: null,
});

const pickedClientId = (client: OpportunityFormValues['client']) =>
  client !== null && typeof client === 'object' ? client.id : null;

export function valuesToOpportunity(
  values: OpportunityFormValues,
  context: OpportunityContext,
): NewOpportunity {
  return {
    clientId: context.clientId ?? pickedClientId(values.client) ?? 0,
    pipelineId: context.pipelineId,
    stageId: context.stageId,
    title: values.title.trim(),
    valueCents: values.value ?? 0,
    commissionCents: values.commission ?? 0,
    probability: values.probability,
    expectedCloseDate: pickedDay(values.expectedCloseDate) ?? null,
    source: values.source.trim(),
  };
}

/** The API's fields that the form shows under another name. */
const FORM_FIELDS: Record<string, string> = {
  valueCents: 'value',
  commissionCents: 'commission',
  clientId: 'client',
};

/** The opportunity checked as the API checks it. */
export const opportunityFormSchema = (context: () => OpportunityContext) =>
  formSchema<OpportunityFormValues, NewOpportunity>((values, problem) => {
    const opportunity = valuesToOpportunity(values, context());
    if (opportunity.clientId === 0) problem('client', 'Choose the prospect or client.');
    checkWith(opportunityInputSchema, opportunity, problem, (field) => FORM_FIELDS[field] ?? field);
    return opportunity;
  });
