import type { CompanyConfig } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../../lib/forms/testing.ts';
import { companyConfigFormSchema, companyConfigValues, vatRateText } from './companySchemas.ts';

const za: CompanyConfig = {
  companyId: 1,
  type: 'H',
  taxRegistered: 'Y',
  vatNumber: '4123456789',
  practiceNumber: null,
  vatRateBps: 1500,
  country: 'ZA',
  region: 'ZA',
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
  supportEmail: 'support@practicedesk.example',
};

describe('company configuration form', () => {
  it('a type H company edits its practice number; blanks are sent as none, the address trimmed', () => {
    const values = companyConfigValues(za);
    expect(values).toEqual({
      taxRegistered: 'Y',
      vatNumber: '4123456789',
      practiceNumber: '',
      vatRateBps: 1500,
      supportEmail: 'support@practicedesk.example',
    });
    const parsed = companyConfigFormSchema(true).parse({
      ...values,
      practiceNumber: ' 0720000 ',
      vatNumber: '  ',
      supportEmail: ' desk@example.com ',
    });
    expect(parsed).toEqual({
      taxRegistered: 'Y',
      vatNumber: null,
      practiceNumber: '0720000',
      vatRateBps: 1500,
      supportEmail: 'desk@example.com',
    });
  });

  it('a type F company has no practice number to send', () => {
    const values = companyConfigValues({ ...za, type: 'F', practiceNumber: '123' });
    expect('practiceNumber' in values).toBe(false);
    expect(companyConfigFormSchema(false).parse(values)).not.toHaveProperty('practiceNumber');
  });

  it('says why a value is refused, in the contracts’ words', () => {
    const values = companyConfigValues(za);
    expect(
      problemsOf(companyConfigFormSchema(true), {
        ...values,
        supportEmail: 'not an address',
        vatRateBps: null,
        practiceNumber: 'x'.repeat(31),
      }),
    ).toEqual({
      supportEmail: 'Enter a valid e-mail address.',
      vatRateBps: 'Field is required.',
      practiceNumber: 'At most 30 characters.',
    });
    expect(problemsOf(companyConfigFormSchema(true), { ...values, vatRateBps: 10_001 })).toEqual({
      vatRateBps: 'From 0% to 100%.',
    });
  });

  it('shows a rate in basis points as a percentage', () => {
    expect([1500, 2000, 1250, 0, 1333].map(vatRateText)).toEqual(['15%', '20%', '12.5%', '0%', '13.33%']);
  });
});
