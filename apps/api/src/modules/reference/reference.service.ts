import { inTenant, type Scope } from '../../lib/deps.ts';
import { searchIcd10, searchProviders } from './reference.queries.ts';

/** ICD-10 codes are shared reference data; the tenant transaction is the same as for everything else. */
export const findIcd10Codes = (scope: Scope, text: string) => inTenant(scope, (tx) => searchIcd10(tx, text));

export const findCompanyProviders = (scope: Scope, text: string) =>
  inTenant(scope, (tx) => searchProviders(tx, scope.principal.companyId, text));
