import { type CreditAccount, timeZoneFor } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import {
  type AccountRow,
  creditAccount,
  insertLedger,
  ledgerHasKey,
  lockAccount,
  readAccount,
  smsSentToday,
  updateAccountSettings,
} from './credit.queries.ts';
import { DailyCapError, money } from './messaging.errors.ts';

export interface CompanyFacts {
  timeZone: string;
  currency: string;
}

export async function companyFacts(tx: Tx, companyId: number): Promise<CompanyFacts> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new NotFoundError('Company');
  return { timeZone: timeZoneFor(company.region), currency: company.currency };
}

/** Throws unless the company may send `wanted` more SMS today (the account must be locked). */
export async function checkDailyCap(tx: Tx, account: AccountRow, timeZone: string, wanted: number) {
  const sentToday = await smsSentToday(tx, account.companyId, timeZone);
  if (sentToday + wanted > account.dailyCap) throw new DailyCapError(sentToday, account.dailyCap, wanted);
}

export async function accountView(tx: Tx, companyId: number): Promise<CreditAccount> {
  const account = await readAccount(tx, companyId);
  const { timeZone } = await companyFacts(tx, companyId);
  return {
    balanceCents: account.balanceCents,
    segmentPriceCents: account.segmentPriceCents,
    dailyCap: account.dailyCap,
    sentToday: await smsSentToday(tx, companyId, timeZone),
  };
}

/** A top-up: ledger row, balance and audit entry together; a repeated idempotency key adds nothing. */
export async function topUp(
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
    description: `Topped up SMS credit by ${money(input.amountCents, currency)}; balance ${money(balance, currency)}.`,
    changes: { balanceCents: { from: balance - input.amountCents, to: balance }, note: input.note ?? null },
  });
  return accountView(tx, companyId);
}

export async function changeSettings(
  tx: Tx,
  principal: Principal,
  settings: { dailyCap: number; segmentPriceCents: number },
): Promise<CreditAccount> {
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
}
