import { opportunityInputSchema } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { newOpportunityValues, opportunityFormSchema, valuesToOpportunity } from './opportunityForm.ts';

const context = { clientId: 7, pipelineId: 2, stageId: 3, clientName: 'Rosa Field', stageName: 'New' };

describe('the new-opportunity form', () => {
  it('sends what the API takes: amounts in cents, a blank probability for the stage default, nothing else', () => {
    const input = valuesToOpportunity(
      { ...newOpportunityValues(), title: ' Pension ', value: 12_550 },
      context,
    );
    expect(input).toEqual({
      clientId: 7,
      pipelineId: 2,
      stageId: 3,
      title: 'Pension',
      valueCents: 12_550,
      commissionCents: 0,
      probability: null,
      expectedCloseDate: null,
      source: '',
    });
    expect(opportunityInputSchema.safeParse(input).success).toBe(true);
  });

  it('puts a problem on the field that shows it', () => {
    const parsed = opportunityFormSchema(() => context).safeParse({
      ...newOpportunityValues(),
      title: '',
      value: -1,
      probability: 120,
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error?.issues.map((i) => i.path[0]).sort();
    expect(fields).toEqual(['probability', 'title', 'value']);
  });
});
