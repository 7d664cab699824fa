import {
  type AGEING_BUCKETS,
  addDaysIso,
  ageingBucketOf,
  DEBTORS_MAX_YEARS_BACK,
  type DebtorInvoices,
  type DebtorsQuery,
  type DebtorsReport,
  isAdministrator,
  mayUseRowAction,
  wallClockToInstant,
} from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import {
  type DebtorsCriteria,
  debtorClient,
  debtorInvoiceRows,
  debtorRows,
  reportMedicalAid,
  reportPractitioner,
} from './debtors.queries.ts';

/** Issue 19: the debtors' report is for administrators (rights A) and users who may invoice. */
export function assertMayReadDebtors(principal: Principal, company: Pick<BillingCompany, 'type'>) {
  const mayInvoice = mayUseRowAction('createInvoice', {
    companyType: company.type,
    roles: principal.roles,
    enableInvoicing: principal.enableInvoicing,
  });
  if (!isAdministrator(principal) && !mayInvoice) {
    throw new ForbiddenError('The debtors’ report is for administrators and users who may invoice.');
  }
}

const invalid = (field: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path: `querystring.${field}`, message }]);

const yearsBefore = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`.replace(/-02-29$/, '-02-28');

/** The day, its end in the company's time zone, and filters that name the company's own rows (400 otherwise). */
async function criteria(tx: Tx, company: BillingCompany, q: DebtorsQuery): Promise<DebtorsCriteria> {
  const asAt = q.asAt ?? company.today;
  if (asAt > company.today) throw invalid('asAt', 'The "as at" date cannot be after today.');
  if (asAt < yearsBefore(company.today, DEBTORS_MAX_YEARS_BACK)) {
    throw invalid('asAt', `The "as at" date cannot be more than ${DEBTORS_MAX_YEARS_BACK} years back.`);
  }
  const dayEnd = wallClockToInstant(addDaysIso(asAt, 1), '00:00', company.timeZone);
  if (!dayEnd) throw invalid('asAt', 'Not a date.');
  if (q.practitionerId !== undefined && !(await reportPractitioner(tx, company.id, q.practitionerId))) {
    throw invalid('practitionerId', 'Not a practitioner of the company.');
  }
  if (q.medicalAidId !== undefined) {
    if (company.type !== 'H') throw invalid('medicalAidId', 'Only a healthcare practice has medical aids.');
    if (!(await reportMedicalAid(tx, company.id, q.medicalAidId))) {
      throw invalid('medicalAidId', 'Not a medical aid of the company.');
    }
  }
  return {
    companyId: company.id,
    asAt,
    dayEnd,
    practitionerId: q.practitionerId ?? null,
    medicalAidId: q.medicalAidId ?? null,
  };
}

export async function buildDebtorsReport(tx: Tx, company: BillingCompany, q: DebtorsQuery) {
  const c = await criteria(tx, company, q);
  const rows = await debtorRows(tx, c);
  const sum = (key: (typeof AGEING_BUCKETS)[number] | 'totalCents' | 'openInvoices') =>
    rows.reduce((total, row) => total + row[key], 0);
  const report: DebtorsReport = {
    asAt: c.asAt,
    currency: company.currency,
    practitionerId: c.practitionerId,
    medicalAidId: c.medicalAidId,
    rows,
    totals: {
      clients: rows.length,
      openInvoices: sum('openInvoices'),
      current: sum('current'),
      days30: sum('days30'),
      days60: sum('days60'),
      days90: sum('days90'),
      days120: sum('days120'),
      totalCents: sum('totalCents'),
    },
  };
  return report;
}

/** Issue 19, part 1: outstanding per paying client as at a day, by days past due. */
export const debtorsReport = (scope: Scope, q: DebtorsQuery): Promise<DebtorsReport> =>
  inBillingCompany(scope, async (tx, company) => {
    assertMayReadDebtors(scope.principal, company);
    return buildDebtorsReport(tx, company, q);
  });

/** The drill-down: the client's invoices behind its row (404 for a client that is not the company's). */
export const debtorInvoices = (scope: Scope, clientId: number, q: DebtorsQuery): Promise<DebtorInvoices> =>
  inBillingCompany(scope, async (tx, company) => {
    assertMayReadDebtors(scope.principal, company);
    const client = mustExist(await debtorClient(tx, company.id, clientId), 'Client');
    const c = await criteria(tx, company, q);
    const invoices = await debtorInvoiceRows(tx, c, clientId);
    return {
      asAt: c.asAt,
      currency: company.currency,
      clientId,
      clientName: client.name,
      invoices: invoices.map((i) => ({ ...i, bucket: ageingBucketOf(i.daysPastDue) })),
    };
  });
