import { timeZoneFor } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findCompany } from '../companies/company.queries.ts';
import { todayIn } from './invoice-totals.ts';

export interface BillingCompany {
  id: number;
  name: string;
  type: 'H' | 'F';
  taxRegistered: 'Y' | 'N';
  vatNumber: string | null;
  vatRateBps: number;
  currency: string;
  country: string;
  region: string;
  timeZone: string;
  /** Today in the company's time zone: what 'unpaid' and default dates are measured against. */
  today: string;
}

export async function billingCompany(tx: Tx, companyId: number): Promise<BillingCompany> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new NotFoundError('Company');
  const timeZone = timeZoneFor(company.region);
  return {
    id: company.id,
    name: company.name,
    type: company.type === 'F' ? 'F' : 'H',
    taxRegistered: company.taxRegistered === 'Y' ? 'Y' : 'N',
    vatNumber: company.vatNumber,
    vatRateBps: company.vatRateBps,
    currency: company.currency,
    country: company.country,
    region: company.region,
    timeZone,
    today: todayIn(timeZone),
  };
}
