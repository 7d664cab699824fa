import type { CompanyType } from '@pd/contracts';

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  H: 'Healthcare practice',
  F: 'Financial adviser',
};

const COUNTRY_NAMES: Record<string, string> = {
  UK: 'United Kingdom',
  ZA: 'South Africa',
  IN: 'India',
  US: 'United States',
  NA: 'Namibia',
  AU: 'Australia',
  NZ: 'New Zealand',
  BR: 'Brazil',
  CN: 'China',
  EG: 'Egypt',
  FR: 'France',
  DE: 'Germany',
  JP: 'Japan',
  ES: 'Spain',
  SV: 'El Salvador',
};

export const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;
