import { formatMoney, type InvoiceList, type InvoiceTotals } from '@pd/contracts';

interface Props {
  tabs: readonly { list: InvoiceList; label: string }[];
  totals: InvoiceTotals | undefined;
  active: InvoiceList;
  currency: string;
}

/** Issue 13: every tab's count, total and outstanding at once, from the one totals request. */
export function InvoiceFigures({ tabs, totals, active, currency }: Props) {
  if (!totals) return null;
  const byList = new Map(totals.map((t) => [t.list, t]));
  return (
    <div className="invoice-figures">
      <table data-testid="invoice-figures">
        <caption className="sr-only">Invoices per list</caption>
        <thead>
          <tr>
            <th scope="col">List</th>
            <th scope="col">Invoices</th>
            <th scope="col">Total</th>
            <th scope="col">Outstanding</th>
          </tr>
        </thead>
        <tbody>
          {tabs.map(({ list, label }) => {
            const figures = byList.get(list);
            return (
              <tr key={list} aria-current={list === active ? 'true' : undefined}>
                <th scope="row">{label}</th>
                <td>{(figures?.count ?? 0).toLocaleString('en-GB')}</td>
                <td>{formatMoney(figures?.totalCents ?? 0, currency)}</td>
                <td>{formatMoney(figures?.outstandingCents ?? 0, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
