import type { Opportunity } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { editFieldOf, editValuesOf, opportunityEditSchema } from './opportunityEdit.ts';

const opportunity: Opportunity = {
  id: 5,
  clientId: 7,
  clientName: 'Rosa Field',
  lifecycle: 'prospect',
  pipelineId: 2,
  stageId: 3,
  stageName: 'New',
  stageKind: 'open',
  title: 'Pension',
  valueCents: 125_000,
  commissionCents: 2_500,
  probability: 20,
  expectedCloseDate: '2031-03-31',
  nextActionDate: null,
  ownerId: 9,
  owner: 'Eleanor Hughes',
  source: 'Referral',
  lostReason: null,
  adviceNoteId: null,
  stageChangedAt: '2031-01-01T00:00:00.000Z',
  closedAt: null,
};

describe('the opportunity dialog form', () => {
  it('sends back what it showed, amounts in cents, dates as days, the advice note picked', () => {
    const parsed = opportunityEditSchema.safeParse({
      ...editValuesOf(opportunity),
      title: ' Pension top-up ',
      nextActionDate: new Date(2031, 3, 15),
      adviceNoteId: 44,
    });
    expect(parsed.success && parsed.data).toEqual({
      title: 'Pension top-up',
      valueCents: 125_000,
      commissionCents: 2_500,
      probability: 20,
      expectedCloseDate: '2031-03-31',
      nextActionDate: '2031-04-15',
      ownerId: 9,
      source: 'Referral',
      adviceNoteId: 44,
    });
  });

  it('refuses what the API refuses, on the field the form shows', () => {
    const parsed = opportunityEditSchema.safeParse({
      ...editValuesOf(opportunity),
      title: '',
      value: -1,
      probability: 101,
    });
    expect(parsed.error?.issues.map((i) => i.path[0]).sort()).toEqual(['probability', 'title', 'value']);
    expect(editFieldOf('body.commissionCents')).toBe('commission');
    expect(editFieldOf('body.adviceNoteId')).toBe('adviceNoteId');
  });
});
