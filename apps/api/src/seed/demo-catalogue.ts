import type { BillingFrequency } from '@pd/contracts';
import { billingPlans, products } from '../db/schema/index.ts';
import type { Tx } from '../db/tenancy.ts';
import { mustExist } from '../lib/sql.ts';

type Plan = [name: string, amountCents: number, frequency: BillingFrequency, bookable: 'Y' | 'N'];
type Product = [name: string, description: string, plan: number, premiumCents: number, valueCents: number];

/** Billing plans and products a practice or an adviser would start with. */
const CATALOGUE: Record<'H' | 'F', { plans: Plan[]; products: Product[] }> = {
  H: {
    plans: [
      ['Initial consultation', 75_000, 'once', 'Y'],
      ['Follow-up treatment', 52_000, 'once', 'Y'],
      ['Rehabilitation programme (monthly)', 180_000, 'monthly', 'N'],
    ],
    products: [
      [
        'Physiotherapy assessment',
        'First visit: history, examination and treatment plan.',
        0,
        75_000,
        75_000,
      ],
      ['Sports injury rehabilitation', 'Six-week programme with weekly sessions.', 2, 180_000, 1_080_000],
      [
        'Post-operative rehabilitation',
        'Recovery after joint replacement or ligament repair.',
        1,
        52_000,
        520_000,
      ],
    ],
  },
  F: {
    plans: [
      ['Ongoing advice (monthly)', 15_000, 'monthly', 'N'],
      ['Annual review', 45_000, 'annually', 'Y'],
      ['Financial plan (one-off)', 120_000, 'once', 'Y'],
    ],
    products: [
      ['Pension review', 'Review of pension pots, charges and retirement income.', 1, 45_000, 0],
      ['Stocks and Shares ISA', 'Managed ISA with annual rebalancing.', 0, 15_000, 2_000_000],
      ['Life cover', 'Level term life insurance, 25 years.', 0, 3_500, 25_000_000],
    ],
  },
};

export async function insertDemoCatalogue(tx: Tx, companyId: number, type: 'H' | 'F'): Promise<void> {
  const { plans, products: items } = CATALOGUE[type];
  const planIds: number[] = [];
  for (const [name, amount, frequency, bookable] of plans) {
    const [row] = await tx
      .insert(billingPlans)
      .values({ companyId, name, amount, frequency, bookable })
      .returning({ id: billingPlans.id });
    planIds.push(mustExist(row, 'billing plan').id);
  }
  await tx.insert(products).values(
    items.map(([name, description, plan, premium, value]) => ({
      companyId,
      name,
      description,
      billingPlanId: planIds[plan] ?? null,
      premium,
      value,
    })),
  );
}
