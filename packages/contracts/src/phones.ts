import {
  type CountryCode,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { phoneRegion } from './clients.ts';
import { COUNTRIES } from './enums.ts';

/**
 * Mobiles are stored and sent in E.164 (+27821087109); people read and say them in their national format
 * (082 108 7109). These helpers turn one into the other for the company's country (issue 13, point 2).
 */

const callingCodeOf = (country: string) => getCountryCallingCode(phoneRegion(country) as CountryCode);

const metadata = new Metadata();
/** The trunk prefix dialled before a national number ('0' in ZA and the UK), if the country has one. */
function nationalPrefixOf(country: string): string | undefined {
  metadata.selectNumberingPlan(phoneRegion(country) as CountryCode);
  // Not in the library's types (as nationalPrefixForParsing in messaging.ts); phones.test.ts pins ZA and UK.
  const plan = metadata.numberingPlan as { nationalPrefix?: () => string | undefined } | undefined;
  return (typeof plan?.nationalPrefix === 'function' && plan.nationalPrefix()) || undefined;
}

/** The first digits that may start a national number in some company's country ('0', '1'). */
const NATIONAL_PREFIXES = [...new Set(COUNTRIES.map(nationalPrefixOf).filter((p) => p !== undefined))];

const parse = (mobile: string) => parsePhoneNumberFromString(mobile.trim());

/**
 * A stored mobile as the web app shows it: a number of the company's country in its national format
 * (082 108 7109 in ZA, 07700 900123 in the UK), any other in international format (+44 7700 900123).
 * Text that is not a number is shown as it is.
 */
export function formatMobile(mobile: string | null | undefined, companyCountry: string): string {
  if (!mobile) return '';
  const parsed = parse(mobile);
  if (!parsed) return mobile;
  return parsed.countryCallingCode === callingCodeOf(companyCountry)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/**
 * A stored mobile for a spreadsheet cell that neither runs (no leading + = - @) nor loses its leading 0: the
 * national format for the company's country, else the number as dialled from it (00 44 7700 900123). The
 * spaces keep spreadsheets from reading it as a number. Undefined when it cannot be written so.
 */
export function mobileForSheet(
  mobile: string | null | undefined,
  companyCountry: string,
): string | undefined {
  if (!mobile) return undefined;
  const parsed = parse(mobile);
  if (!parsed) return undefined;
  if (parsed.countryCallingCode === callingCodeOf(companyCountry)) return parsed.formatNational();
  return parsed.format('IDD', { fromCountry: phoneRegion(companyCountry) as CountryCode }) || undefined;
}

/** A search that is only a phone number: digits with spaces, brackets, dots or dashes, maybe a leading +. */
const PHONE_SHAPED = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** Whether mobileSearchForm needs the company's country for this search (it starts with a trunk prefix). */
export function searchNeedsCountry(search: string | undefined): boolean {
  const text = search?.trim() ?? '';
  if (!PHONE_SHAPED.test(text) || text.startsWith('+')) return false;
  const digits = text.replace(/\D/g, '');
  return NATIONAL_PREFIXES.some((prefix) => digits.startsWith(prefix));
}

/**
 * The search as it would appear in a stored (E.164) mobile, when it is a phone number typed as people say
 * it: '082 108 7109' and '0821087109' → '+27821087109' and '082' → '+2782' for a ZA company, '+27 82' →
 * '+2782', '82-108' → '82108'. Undefined when the search is not phone-shaped.
 */
export function mobileSearchForm(
  search: string | undefined,
  companyCountry: string | null,
): string | undefined {
  const text = search?.trim() ?? '';
  if (!PHONE_SHAPED.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return `+${digits}`;
  const prefix = companyCountry ? nationalPrefixOf(companyCountry) : undefined;
  if (companyCountry && prefix && digits.startsWith(prefix)) {
    return `+${callingCodeOf(companyCountry)}${digits.slice(prefix.length)}`;
  }
  return digits;
}

/**
 * What an index lookup for a whole international number may look for instead: its national significant
 * number ('+27834364688' or '27834364688' → '834364688'). The calling code's trigrams ('+27' starts every ZA
 * mobile) make the lookup read ten times more of the index; the caller checks the full text on every row it
 * finds, so looking up a part only widens the candidates. Anything else is answered as it is.
 */
export function phoneLookupText(text: string): string {
  if (!/^\+?\d{9,15}$/.test(text)) return text;
  const national = parse(text.startsWith('+') ? text : `+${text}`)?.nationalNumber;
  return national && national.length >= 7 && text.endsWith(national) ? national : text;
}
