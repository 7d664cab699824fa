/** Invoice arithmetic in integer cents. Prices are net (VAT exclusive); VAT is added per line. */

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

export interface LineTotals {
  vatRateBps: number;
  netCents: number;
  vatCents: number;
}

/** amount × rate / 10,000, rounded half up; BigInt so that no product of two large numbers loses a cent. */
export function vatOf(netCents: number, vatRateBps: number): number {
  if (netCents < 0 || vatRateBps < 0) throw new RangeError('VAT of a negative amount or rate');
  return Number((BigInt(netCents) * BigInt(vatRateBps) + 5_000n) / 10_000n);
}

/** One line: net = quantity × unit price; VAT at the rate when the invoice uses the tax rate, else 0. */
export function lineTotals(line: PricedLine, vatRateBps: number): LineTotals {
  const net = BigInt(line.quantity) * BigInt(line.unitPriceCents);
  if (net > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('line amount too large');
  const netCents = Number(net);
  return { vatRateBps, netCents, vatCents: vatOf(netCents, vatRateBps) };
}

export interface InvoiceTotals {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** Totals are the sums of the rounded lines, so the printed lines always add up to the printed total. */
export function invoiceTotals(lines: readonly LineTotals[]): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.netCents, 0);
  const vatCents = lines.reduce((sum, l) => sum + l.vatCents, 0);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/** VAT per rate, for the tax invoice's summary: [{rate, net, vat}] by rate. */
export function vatByRate(lines: readonly LineTotals[]) {
  const byRate = new Map<number, { vatRateBps: number; netCents: number; vatCents: number }>();
  for (const l of lines) {
    const row = byRate.get(l.vatRateBps) ?? { vatRateBps: l.vatRateBps, netCents: 0, vatCents: 0 };
    row.netCents += l.netCents;
    row.vatCents += l.vatCents;
    byRate.set(l.vatRateBps, row);
  }
  return [...byRate.values()].sort((a, b) => b.vatRateBps - a.vatRateBps);
}

/** 1500 basis points → "15%"; 1250 → "12.5%". */
export const formatRate = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;
