import { formatDateTimeIn, formatMoney, type OutboxMessage, type OutboxPage } from '@pd/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { useCurrency } from '../../lib/company.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { CHANNEL_LABELS, DeliveryMarker, MessageContent, StatusTag } from './outboxCells.tsx';

interface OutboxTableProps {
  page: OutboxPage | undefined;
  /** Nothing to show yet: the first load. */
  pending: boolean;
  /** 1-based page and its size, as the server takes them. */
  query: { page: number; size: number };
  onPage: (page: number, size: number) => void;
  /** The table's accessible name. */
  label: string;
  /** One client's messages (its record page) need no client column. */
  withClient?: boolean;
}

const muted = <span className="muted">—</span>;

/** Messages with their delivery state, newest first: the outbox (rights A) and a client's record page. */
export function OutboxTable({ page, pending, query, onPage, label, withClient = true }: OutboxTableProps) {
  const { company } = useSession();
  const currency = useCurrency();
  const delivery = page?.delivery;
  const time = (iso: string | null) => formatDateTimeIn(iso, company.timeZone);
  return (
    <DataTable
      value={page?.content ?? []}
      dataKey="id"
      {...serverPaging(query.page, query.size, page?.totalElements ?? 0, onPage)}
      loading={pending}
      size="small"
      stripedRows
      scrollable
      className="record-table"
      tableStyle={{ minWidth: withClient ? '80rem' : '64rem' }}
      pt={scrollingTablePt(label)}
      emptyMessage={
        <span data-testid="outbox-empty" role="status">
          {pending ? 'Loading messages. Please wait.' : 'No messages found.'}
        </span>
      }
    >
      <Column
        field="created"
        header="Created"
        body={(m: OutboxMessage) => time(m.created)}
        bodyClassName="cell-nowrap"
      />
      <Column field="channel" header="Channel" body={(m: OutboxMessage) => CHANNEL_LABELS[m.channel]} />
      <Column field="recipient" header="Recipient" />
      {withClient && (
        <Column
          field="clientName"
          header="Client"
          body={(m: OutboxMessage) =>
            m.clientId === null ? (
              muted
            ) : (
              <Link to={recordHref(m.clientId)}>{m.clientName ?? `Client ${m.clientId}`}</Link>
            )
          }
        />
      )}
      <Column field="content" header="Message" body={(m: OutboxMessage) => <MessageContent message={m} />} />
      <Column field="status" header="Status" body={(m: OutboxMessage) => <StatusTag status={m.status} />} />
      <Column
        field="transport"
        header="Delivery"
        body={(m: OutboxMessage) => <DeliveryMarker message={m} delivery={delivery} />}
      />
      {withClient && <Column field="attempts" header="Attempts" />}
      <Column
        field="costCents"
        header="Cost"
        body={(m: OutboxMessage) => formatMoney(m.costCents, currency)}
      />
      <Column
        field="sentAt"
        header="Sent"
        body={(m: OutboxMessage) => time(m.sentAt)}
        bodyClassName="cell-nowrap"
      />
      <Column
        field="lastError"
        header="Last error"
        body={(m: OutboxMessage) =>
          m.lastError ? <span className="outbox-error">{m.lastError}</span> : muted
        }
      />
    </DataTable>
  );
}
