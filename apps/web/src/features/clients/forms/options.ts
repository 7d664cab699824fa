import { CLIENT_TYPES, COUNTRIES, GENDERS, ZA_REGIONS } from '@pd/contracts';
import { type Option, optionsOf } from '../../../components/form/options.ts';

export { STATUS_OPTIONS, YES_NO_OPTIONS } from '../../../components/form/options.ts';

// Records keyed by the contracts' enumerations: a value added there fails the type check here.
export const TYPE_OPTIONS = optionsOf(CLIENT_TYPES, { N: 'Natural person', J: 'Juristic person' });
export const GENDER_OPTIONS = optionsOf(GENDERS, { M: 'Male', F: 'Female', O: 'Other' });
export const PROVINCE_OPTIONS: Option[] = ZA_REGIONS.map((region) => ({ value: region, label: region }));

// The product says UK where ISO 3166 says GB.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({
  value: code,
  label: `${regionNames.of(code === 'UK' ? 'GB' : code) ?? code} (${code})`,
}));

/** Spec section 2: ZA has a province dropdown, UK a county text field, others a state text field. */
export type StateKind = 'province' | 'county' | 'state';
export const stateKindOf = (country: string): StateKind =>
  country === 'ZA' ? 'province' : country === 'UK' ? 'county' : 'state';
export const STATE_LABELS: Record<StateKind, string> = {
  province: 'Province',
  county: 'County',
  state: 'State',
};
