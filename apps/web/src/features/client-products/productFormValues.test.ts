import type { ClientProduct } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../lib/forms/testing.ts';
import { productFormSchema, productToValues, valuesToUpdate } from './productFormValues.ts';

const held: ClientProduct = {
  id: 5,
  clientId: 7,
  productId: 2,
  uniqueId: 'CP-000005',
  name: 'Cover',
  description: null,
  billingPlanId: 3,
  billingPlanName: 'Monthly',
  premium: 123_456,
  value: 5_000_000,
  inception: '2026-01-01',
  termination: null,
  status: 'A',
  created: '',
  updated: '',
};

describe('client product form values', () => {
  it('shows amounts in cents and dates as picked days', () => {
    const values = productToValues(held);
    expect(values).toMatchObject({ premium: 123_456, billingPlanId: 3, description: '', termination: null });
    expect(values.inception instanceof Date && values.inception.getFullYear()).toBe(2026);
  });

  it('sends the whole record: trimmed texts, blanks as null, days as YYYY-MM-DD', () => {
    const values = { ...productToValues(held), name: ' Cover plus ', termination: new Date(2099, 11, 31) };
    expect(valuesToUpdate(values)).toEqual({
      name: 'Cover plus',
      description: null,
      billingPlanId: 3,
      premium: 123_456,
      value: 5_000_000,
      inception: '2026-01-01',
      termination: '2099-12-31',
      status: 'A',
    });
  });

  it('needs a name and both amounts, and days that are days', () => {
    const values = { ...productToValues(held), name: ' ', premium: null, termination: 'soon' };
    expect(problemsOf(productFormSchema, values)).toEqual({
      name: 'Field is required.',
      premium: 'Field is required.',
      termination: 'Use the format YYYY-MM-DD.',
    });
  });
});
