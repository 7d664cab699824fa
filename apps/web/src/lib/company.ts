import { formatMobile } from '@pd/contracts';
import { useCompanyConfig } from '../api/hooks.ts';
import { useSession } from '../app/auth/authContext.ts';

/** The company currency; until its configuration arrives, the one its country uses. */
export function useCurrency(): string {
  const { user, company } = useSession();
  const config = useCompanyConfig(user.companyId);
  return config.data?.currency ?? (company.country === 'ZA' ? 'ZAR' : 'GBP');
}

/** The company's display time zone (ZA: Africa/Johannesburg, otherwise Europe/London). */
export function useTimeZone(): string {
  return useSession().company.timeZone;
}

/**
 * Mobiles as the company's staff read them: national format for the company's country (082 108 7109),
 * international for others. The API keeps and sends E.164.
 */
export function useFormatMobile(): (mobile: string | null | undefined) => string {
  const { country } = useSession().company;
  return (mobile) => formatMobile(mobile, country);
}
