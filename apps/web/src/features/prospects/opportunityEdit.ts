import { type Opportunity, type OpportunityPatch, opportunityPatchSchema } from '@pd/contracts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';

/** An opportunity as edited in its dialog: amounts in cents (as MoneyField holds them), dates as picked. */
export interface OpportunityEditValues {
  title: string;
  value: number | null;
  commission: number | null;
  probability: number | null;
  expectedCloseDate: Date | string | null;
  nextActionDate: Date | string | null;
  ownerId: number | null;
  source: string;
  adviceNoteId: number | null;
}

export const editValuesOf = (o: Opportunity): OpportunityEditValues => ({
  title: o.title,
  value: o.valueCents,
  commission: o.commissionCents,
  probability: o.probability,
  expectedCloseDate: pickedOfIso(o.expectedCloseDate),
  nextActionDate: pickedOfIso(o.nextActionDate),
  ownerId: o.ownerId,
  source: o.source,
  adviceNoteId: o.adviceNoteId,
});

export function valuesToPatch(values: OpportunityEditValues): OpportunityPatch {
  return {
    title: values.title.trim(),
    valueCents: values.value ?? 0,
    commissionCents: values.commission ?? 0,
    // A blank probability keeps the one it has (the stage's default was set when it moved there).
    probability: values.probability ?? undefined,
    expectedCloseDate: pickedDay(values.expectedCloseDate) ?? null,
    nextActionDate: pickedDay(values.nextActionDate) ?? null,
    ownerId: values.ownerId ?? undefined,
    source: values.source.trim(),
    adviceNoteId: values.adviceNoteId,
  };
}

/** The API's fields that the form shows under another name. */
const FORM_FIELDS: Record<string, string> = { valueCents: 'value', commissionCents: 'commission' };
export const editFieldOf = (path: string) => {
  const field = path.replace(/^body\./, '');
  return FORM_FIELDS[field] ?? field;
};

/** The change checked as the API checks it. */
export const opportunityEditSchema = formSchema<OpportunityEditValues, OpportunityPatch>(
  (values, problem) => {
    const patch = valuesToPatch(values);
    return checkWith(opportunityPatchSchema, patch, problem, (field) => FORM_FIELDS[field] ?? field);
  },
);
