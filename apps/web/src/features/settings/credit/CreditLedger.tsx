import { type CreditLedgerEntry, formatDateTimeIn, formatMoney } from '@pd/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useCreditLedger } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../../components/a11y.ts';
import { serverPaging } from '../../../lib/serverPaging.ts';

const KIND_LABELS = { topup: 'Top-up', debit: 'Debit', refund: 'Refund' } as const;

function reference(entry: CreditLedgerEntry): string {
  if (entry.bulkSendId !== null) return `Bulk SMS ${entry.bulkSendId}`;
  if (entry.messageId !== null) return `Message ${entry.messageId}`;
  return '—';
}

/** Every change of the SMS credit, newest first, paged by the server (rights A). */
export function CreditLedger({ currency }: { currency: string }) {
  const { company } = useSession();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const ledger = useCreditLedger(company.id, page.page, page.size, true);
  return (
    <section className="credit-ledger" aria-labelledby="credit-ledger-title">
      <h3 id="credit-ledger-title">Ledger</h3>
      {ledger.isError && (
        <p className="notice notice--error" role="alert">
          The ledger could not be loaded.
        </p>
      )}
      <DataTable
        value={ledger.data?.content ?? []}
        dataKey="id"
        {...serverPaging(page.page, page.size, ledger.data?.totalElements ?? 0, (p, size) =>
          setPage({ page: p, size }),
        )}
        loading={ledger.isFetching}
        size="small"
        stripedRows
        className="record-table settings-table"
        pt={scrollingTablePt('SMS credit ledger')}
        emptyMessage={
          <span role="status" data-testid="ledger-empty">
            {ledger.isPending ? 'Loading the ledger. Please wait.' : 'No credit movements yet.'}
          </span>
        }
      >
        <Column
          field="created"
          header="When"
          body={(e: CreditLedgerEntry) => formatDateTimeIn(e.created, company.timeZone)}
          bodyClassName="cell-nowrap"
        />
        <Column field="kind" header="Kind" body={(e: CreditLedgerEntry) => KIND_LABELS[e.kind]} />
        <Column
          field="amountCents"
          header="Amount"
          body={(e: CreditLedgerEntry) => formatMoney(e.amountCents, currency)}
        />
        <Column
          field="user"
          header="By"
          body={(e: CreditLedgerEntry) => e.user ?? <span className="muted">System</span>}
        />
        <Column
          field="note"
          header="Note"
          body={(e: CreditLedgerEntry) => e.note ?? <span className="muted">—</span>}
        />
        <Column header="Reference" body={reference} />
      </DataTable>
    </section>
  );
}
