import { type ClientAccount, formatMoney } from '@pd/contracts';
import { useClientAccount } from '../../api/clientRecord.ts';
import { PAYMENT_METHOD_LABELS } from '../invoices/PaymentDialog.tsx';
import { CardLoading, CardProblem, Detail, RecordCard } from './RecordCard.tsx';

/** "R 115,00 on 2026-02-01 (EFT, INV-000012)" */
const paymentText = (p: NonNullable<ClientAccount['lastPayment']>, currency: string) =>
  `${formatMoney(p.amountCents, currency)} on ${p.date} (${PAYMENT_METHOD_LABELS[p.method]}, ${p.invoiceReference})`;

/** Balance owed and the last payment (issued invoices billed to the client, as its statement counts them). */
export function AccountCard({ clientId }: { clientId: number }) {
  const account = useClientAccount(clientId);
  const data = account.data;
  return (
    <RecordCard title="Account" testId="record-account">
      {account.isPending ? (
        <CardLoading text="Loading the account. Please wait." />
      ) : account.isError || !data ? (
        <CardProblem text="The account could not be loaded." retry={() => void account.refetch()} />
      ) : (
        <dl className="details">
          <Detail term="Balance owed">
            <span className="record-balance" data-testid="record-balance">
              {formatMoney(data.owedCents, data.currency)}
            </span>
          </Detail>
          <Detail term="Overdue">{formatMoney(data.overdueCents, data.currency)}</Detail>
          <Detail term="Open invoices">{data.openInvoices.toLocaleString('en-GB')}</Detail>
          <Detail term="Last payment">
            {data.lastPayment ? (
              <span data-testid="record-last-payment">{paymentText(data.lastPayment, data.currency)}</span>
            ) : (
              'No payment yet.'
            )}
          </Detail>
        </dl>
      )}
    </RecordCard>
  );
}
