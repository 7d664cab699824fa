import { type CreditAccount, dayBoundsInstants, formatMoney, timeZoneFor, todayIn } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import {
  type AccountRow,
  creditAccount,
  insertLedger,
  ledgerHasKey,
  ledgerPage,
  lockAccount,
  readAccount,
  smsSentSince,
  updateAccountSettings,
} from './credit.queries.ts';
import { DailyCapError } from './messaging.errors.ts';

export interface CompanyFacts {
  timeZone: string;
  currency: string;
}

export async function companyFacts(tx: Tx, companyId: number): Promise<CompanyFacts> {
  const company = mustExist(await findCompany(tx, companyId), 'Company');
  return { timeZone: timeZoneFor(company.region), currency: company.currency };
}

/** SMS the company created since midnight in its time zone. */
export function smsSentToday(tx: Tx, companyId: number, timeZone: string): Promise<number> {
  const today = todayIn(timeZone);
  return smsSentSince(tx, companyId, dayBoundsInstants(today, today, timeZone).start);
}

/** Throws unless the company may send `wanted` more SMS today (the account must be locked). */
export async function checkDailyCap(tx: Tx, account: AccountRow, timeZone: string, wanted: number) {
  const sentToday = await smsSentToday(tx, account.companyId, timeZone);
  if (sentToday + wanted > account.dailyCap) throw new DailyCapError(sentToday, account.dailyCap, wanted);
}

async function accountView(tx: Tx, companyId: number): Promise<CreditAccount> {
  const account = await readAccount(tx, companyId);
  const { timeZone } = await companyFacts(tx, companyId);
  return {
    balanceCents: account.balanceCents,
    segmentPriceCents: account.segmentPriceCents,
    dailyCap: account.dailyCap,
    sentToday: await smsSentToday(tx, companyId, timeZone),
  };
}

/** The company's prepaid SMS credit: balance, price, daily cap and what was sent today. */
export const creditAccountOf = (scope: Scope) =>
  inTenant(scope, (tx) => accountView(tx, scope.principal.companyId));

/** The credit ledger, newest first, a page at a time (rights A). */
export const creditLedger = (scope: Scope, page: number, size: number) =>
  inTenant(scope, (tx) => ledgerPage(tx, scope.principal.companyId, page, size));

/** A top-up: ledger row, balance and audit entry together; a repeated idempotency key adds nothing. */
export const topUp = (
  scope: Scope,
  input: { amountCents: number; note?: string | undefined },
  idempotencyKey: string | undefined,
) => inTenant(scope, (tx) => topUpIn(tx, scope.principal, input, idempotencyKey));

async function topUpIn(
  tx: Tx,
  principal: Principal,
  input: { amountCents: number; note?: string | undefined },
  idempotencyKey: string | undefined,
): Promise<CreditAccount> {
  const { companyId } = principal;
  await lockAccount(tx, companyId);
  const key = idempotencyKey ? `topup:${idempotencyKey}` : null;
  if (key && (await ledgerHasKey(tx, companyId, key))) return accountView(tx, companyId);
  const balance = await creditAccount(tx, companyId, input.amountCents);
  await insertLedger(tx, {
    companyId,
    kind: 'topup',
    amountCents: input.amountCents,
    userId: principal.userId,
    note: input.note ?? null,
    idempotencyKey: key,
  });
  const { currency } = await companyFacts(tx, companyId);
  await recordAudit(tx, principal, {
    subProcess: 'Billing Management',
    action: 'credit.topup',
    description: `Topped up SMS credit by ${formatMoney(input.amountCents, currency)}; balance ${formatMoney(balance, currency)}.`,
    changes: { balanceCents: { from: balance - input.amountCents, to: balance }, note: input.note ?? null },
  });
  return accountView(tx, companyId);
}

/** The price per segment and the daily cap; audited when something changed. */
export const changeSettings = (scope: Scope, settings: { dailyCap: number; segmentPriceCents: number }) =>
  inTenant(scope, async (tx): Promise<CreditAccount> => {
    const { principal } = scope;
    const before = await lockAccount(tx, principal.companyId);
    const changes = diffFields(
      { dailyCap: before.dailyCap, segmentPriceCents: before.segmentPriceCents },
      settings,
    );
    if (Object.keys(changes).length > 0) {
      await updateAccountSettings(tx, principal.companyId, settings);
      await recordAudit(tx, principal, {
        subProcess: 'Billing Management',
        action: 'credit.settings',
        description: 'Changed the SMS price per segment or the daily SMS limit.',
        changes,
      });
    }
    return accountView(tx, principal.companyId);
  });
