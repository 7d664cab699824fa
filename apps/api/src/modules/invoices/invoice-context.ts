import { timeZoneFor, todayIn } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { findCompany } from '../companies/company.queries.ts';

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
  const company = mustExist(await findCompany(tx, companyId), 'Company');
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

/** The scope's one tenant transaction, with its company's billing facts: where every billing service starts. */
export const inBillingCompany = <T>(scope: Scope, fn: (tx: Tx, company: BillingCompany) => Promise<T>) =>
  inTenant(scope, async (tx) => fn(tx, await billingCompany(tx, scope.principal.companyId)));
