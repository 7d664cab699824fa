import type { Tx } from '../../db/tenancy.ts';
import { creditAccount, insertLedger, readAccount } from './credit.queries.ts';

/** Demo companies start with some SMS credit (a ledger top-up), so bulk SMS works out of the box. */
export async function insertDemoCredit(tx: Tx, companyId: number, country: string): Promise<void> {
  const amountCents = country === 'ZA' ? 5000 : 2000; // R 50.00 or £20.00
  await readAccount(tx, companyId);
  await creditAccount(tx, companyId, amountCents);
  await insertLedger(tx, { companyId, kind: 'topup', amountCents, note: 'Demo credit' });
}
