import { CLIENT_CONFIG_KEYS, type ClientConfig } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../../../lib/forms/testing.ts';
import {
  configToValues,
  type HealthcareFormValues,
  healthcareFieldOf,
  healthcareFormSchema,
  tabOf,
  valuesToConfig,
} from './healthcareValues.ts';

const blank = Object.fromEntries(CLIENT_CONFIG_KEYS.map((key) => [key, null])) as Record<
  (typeof CLIENT_CONFIG_KEYS)[number],
  null
>;

const config = (changes: Partial<ClientConfig> = {}): ClientConfig => ({
  clientId: 7,
  ...blank,
  providerName: null,
  diagnoses: [],
  warnings: [],
  ...changes,
});

describe('healthcare values', () => {
  it('shows diagnoses with their descriptions, the provider by name, blanks as empty text', () => {
    const values = configToValues(
      config({
        diagnosisCode1: 'G63.2',
        diagnosisCode2: 'X99',
        providerId: 4,
        providerName: 'Discovery Health Medical Scheme',
        inHospital: 'Y',
        diagnoses: [
          {
            slot: 1,
            code: 'G63.2',
            description: 'Diabetic polyneuropathy',
            validPrimary: false,
            validAsterisk: true,
            validDagger: false,
          },
        ],
      }),
    );
    expect(values.diagnosisCode1).toMatchObject({ code: 'G63.2', label: 'G63.2 — Diabetic polyneuropathy' });
    // A code the list does not know still shows, by its code.
    expect(values.diagnosisCode2).toMatchObject({ code: 'X99', label: 'X99' });
    expect(values.diagnosisCode3).toBeNull();
    expect(values.provider).toEqual({ id: 4, name: 'Discovery Health Medical Scheme' });
    expect(values.medicalName).toBe('');
    expect(values.inHospital).toBe('Y');
  });

  it('sends every field, trimmed, a blank as null so the API clears it', () => {
    const values: HealthcareFormValues = { ...configToValues(config()), medicalNumber: ' 12345678 ' };
    const { input, unchosen } = valuesToConfig(values);
    expect(input).toMatchObject({
      medicalNumber: '12345678',
      medicalName: null,
      providerId: null,
      pmb: null,
    });
    expect(unchosen).toEqual([]);
  });

  it('refuses picker text that names nothing, and a bad e-mail or mobile of the referring practitioner', () => {
    const values: HealthcareFormValues = {
      ...configToValues(config()),
      provider: 'disc',
      referringEmail: 'not an address',
      referringMobile: '123',
    };
    expect(problemsOf(healthcareFormSchema('ZA'), values)).toEqual({
      provider: 'Choose from the list, or clear the field.',
      referringEmail: 'Enter a valid e-mail address.',
      referringMobile: 'Enter a valid mobile number for ZA.',
    });
  });

  it('names the field and the accordion tab of an API error', () => {
    expect(healthcareFieldOf('body.providerId')).toBe('provider');
    expect(healthcareFieldOf('body.medicalName')).toBe('medicalName');
    expect(['diagnosisCode3', 'medicalPlan', 'referringEmail', 'rafLinkNumber'].map(tabOf)).toEqual([
      0, 1, 2, 3,
    ]);
  });
});
