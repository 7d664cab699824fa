import { OTHER_MESSAGES } from '@pd/contracts';

export const TOO_MANY_MATCHES = 'More than 1,000 clients match. Refine the search.';

/** One line above the table, announced politely: loading, the count, or "refine the search". */
export function ListSummary({
  loading,
  total,
  totalExact,
}: {
  loading: boolean;
  total: number;
  totalExact: boolean;
}) {
  let text: string;
  if (loading) text = OTHER_MESSAGES.loadingClients;
  else if (!totalExact) text = TOO_MANY_MATCHES;
  else text = `${total.toLocaleString('en-GB')} ${total === 1 ? 'client' : 'clients'}`;
  return (
    <p className="list-summary" role="status" data-testid="clients-summary">
      {loading && <span className="pi pi-spin pi-spinner" aria-hidden="true" />}
      {text}
    </p>
  );
}
