import { sql } from 'drizzle-orm';
import { withSystem } from '../../db/tenancy.ts';
import type { TestContext } from '../../test/harness.ts';

/**
 * Gives a client `count` issued invoices (one to three lines each, 15% VAT, unpaid), one every day or so
 * from 2024-01-01, in one statement as pd_system and numbered on from the company's settings row: the
 * large detailed statement of the PDF tests (the benchmark, scripts/bench/statement.ts, adds payments).
 */
export const giveManyInvoices = (ctx: TestContext, companyId: number, clientId: number, count: number) =>
  withSystem(ctx.database.db, async (tx) => {
    await tx.execute(
      sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
    );
    await tx.execute(sql`
      with base as (select last_invoice_number as n from billing_settings where company_id = ${companyId} for update),
      spec as (
        select g, base.n + g as number, '2024-01-01'::date + ((g - 1) * 730 / ${count})::int as invoiced
          from generate_series(1, ${count}::int) g, base),
      line as (
        select s.g, k as position, 20000 + (s.g * 37 + k * 11) % 40 * 500 as net
          from spec s, generate_series(1, 1 + s.g % 3) k),
      tot as (select g, sum(net)::bigint as sub, sum((net * 1500 + 5000) / 10000)::bigint as vat from line group by g),
      ins as (
        insert into invoices (company_id, number, client_id, bill_to_client_id, status, invoiced, due, use_tax_rate,
                              currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at)
        select ${companyId}, s.number, ${clientId}, ${clientId}, 'active', s.invoiced, s.invoiced + 30, 'Y',
               'ZAR', t.sub, t.vat, t.sub + t.vat, 0, now()
          from spec s join tot t using (g)
        returning id, number)
      insert into invoice_lines (company_id, invoice_id, position, description, quantity, unit_price_cents,
                                 vat_rate_bps, net_cents, vat_cents)
      select ${companyId}, ins.id, l.position, 'Treatment session', 1, l.net, 1500, l.net, (l.net * 1500 + 5000) / 10000
        from line l join spec s using (g) join ins on ins.number = s.number`);
    await tx.execute(sql`update billing_settings set last_invoice_number = last_invoice_number + ${count}
                          where company_id = ${companyId}`);
  });
