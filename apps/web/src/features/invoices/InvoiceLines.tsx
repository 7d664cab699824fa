import { formatMoney, type InvoiceLine } from '@pd/contracts';
import { useQuery } from '@tanstack/react-query';
import { invoiceKeys, invoicesApi } from '../../api/invoices.ts';

export const LOADING_LINES = 'Loading the invoice lines. Please wait.';
export const LINES_FAILED = 'The invoice lines could not be loaded.';

/**
 * An invoice's lines, shown when its row is expanded; the tariff code column appears when a line has one
 * (the medical accounts of a healthcare practice).
 */
export function InvoiceLines({ invoiceId, currency }: { invoiceId: number; currency: string }) {
  const detail = useQuery({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: ({ signal }) => invoicesApi.detail(invoiceId, signal),
  });
  if (detail.isPending) return <p role="status">{LOADING_LINES}</p>;
  if (detail.isError) return <p role="alert">{LINES_FAILED}</p>;
  const lines: InvoiceLine[] = detail.data.lines;
  const tariffs = lines.some((line) => line.tariffCode);
  const money = (cents: number) => formatMoney(cents, currency, 'none');
  return (
    <table className="invoice-lines" aria-label={`Lines of invoice ${detail.data.reference ?? 'draft'}`}>
      <thead>
        <tr>
          {tariffs && <th scope="col">Tariff code</th>}
          <th scope="col">Description</th>
          <th scope="col">Qty</th>
          <th scope="col">Unit price</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            {tariffs && <td data-testid="line-tariff">{line.tariffCode ?? ''}</td>}
            <td>{line.description}</td>
            <td className="invoice-lines__number">{line.quantity}</td>
            <td className="invoice-lines__number">{money(line.unitPriceCents)}</td>
            <td className="invoice-lines__number">{money(line.netCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
