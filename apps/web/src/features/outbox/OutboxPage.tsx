import '../../styles/client-records.css';
import '../../styles/messaging.css';
import type { OutboxMessage } from '@pd/contracts';
import { MESSAGE_STATUS_LABELS } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type OutboxQuery, useOutbox } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { AdminOnly } from '../audit/AdminOnly.tsx';
import { SUB_VIEW_PT_PAGINATOR } from '../clients/products/Coded.tsx';
import { formatDateTime, formatMoney, useCurrency } from '../clients/products/format.ts';
import { clientsHref } from '../clients/tabs.ts';
import { CHANNEL_LABELS, DeliveryBanner, DeliveryMarker, MessageContent, StatusTag } from './outboxCells.tsx';

export const OUTBOX_ROUTE = '/outbox';
const TITLE = 'Outbox';
const ALL = { label: 'All', value: '' };
const STATUS_OPTIONS = [
  ALL,
  ...Object.entries(MESSAGE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
const CHANNEL_OPTIONS = [ALL, ...Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))];

/** #/outbox: every e-mail and SMS of the company with its delivery state, for administrators. */
export function OutboxPage() {
  return (
    <AdminOnly title={TITLE} what="the outbox">
      <Outbox />
    </AdminOnly>
  );
}

function Outbox() {
  const { company } = useSession();
  const currency = useCurrency();
  const [query, setQuery] = useState<OutboxQuery>({ page: 1, size: 20 });
  const outbox = useOutbox(company.id, query, true);
  const delivery = outbox.data?.delivery;
  const filter = (name: 'status' | 'channel', label: string, options: typeof STATUS_OPTIONS) => (
    <div className="field">
      <label htmlFor={`outbox-${name}`}>{label}</label>
      <Dropdown
        inputId={`outbox-${name}`}
        value={query[name] ?? ''}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => setQuery((q) => ({ ...q, [name]: e.value || undefined, page: 1 }))}
        // PrimeReact names the open button after the placeholder.
        placeholder={`Any ${label.toLowerCase()}`}
        pt={{ select: { 'aria-hidden': true } }}
      />
    </div>
  );
  const time = (iso: string | null) => formatDateTime(iso, company.timeZone);
  return (
    <section className="page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{TITLE}</h1>
        <p className="page__lead">
          Every e-mail and SMS of {company.name}, newest first, with its delivery state.
        </p>
      </div>
      <DeliveryBanner delivery={delivery} />
      <div className="admin-filters">
        {filter('status', 'Status', STATUS_OPTIONS)}
        {filter('channel', 'Channel', CHANNEL_OPTIONS)}
        <Button
          type="button"
          label="Refresh"
          icon="pi pi-refresh"
          outlined
          loading={outbox.isFetching}
          onClick={() => void outbox.refetch()}
        />
      </div>
      {outbox.isError && (
        <div className="notice notice--error" role="alert">
          <span>The outbox could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void outbox.refetch()} />
        </div>
      )}
      <DataTable
        value={outbox.isError ? [] : (outbox.data?.content ?? [])}
        dataKey="id"
        {...serverPaging(query.page, query.size, outbox.data?.totalElements ?? 0, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        loading={outbox.isPending}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '80rem' }}
        pt={{ table: { 'aria-label': 'Outbox' }, paginator: SUB_VIEW_PT_PAGINATOR }}
        emptyMessage={
          <span data-testid="outbox-empty" role="status">
            {outbox.isPending ? 'Loading messages. Please wait.' : 'No messages found.'}
          </span>
        }
      >
        <Column
          field="created"
          header="Created"
          body={(m: OutboxMessage) => time(m.created)}
          bodyClassName="audit-when"
        />
        <Column field="channel" header="Channel" body={(m: OutboxMessage) => CHANNEL_LABELS[m.channel]} />
        <Column field="recipient" header="Recipient" />
        <Column
          field="clientName"
          header="Client"
          body={(m: OutboxMessage) =>
            m.clientId === null ? (
              <span className="muted">—</span>
            ) : (
              <Link to={clientsHref(1, m.clientId)}>{m.clientName ?? `Client ${m.clientId}`}</Link>
            )
          }
        />
        <Column
          field="content"
          header="Message"
          body={(m: OutboxMessage) => <MessageContent message={m} />}
        />
        <Column field="status" header="Status" body={(m: OutboxMessage) => <StatusTag status={m.status} />} />
        <Column
          field="transport"
          header="Delivery"
          body={(m: OutboxMessage) => <DeliveryMarker message={m} delivery={delivery} />}
        />
        <Column field="attempts" header="Attempts" />
        <Column
          field="costCents"
          header="Cost"
          body={(m: OutboxMessage) => formatMoney(m.costCents, currency)}
        />
        <Column
          field="sentAt"
          header="Sent"
          body={(m: OutboxMessage) => time(m.sentAt)}
          bodyClassName="audit-when"
        />
        <Column
          field="lastError"
          header="Last error"
          body={(m: OutboxMessage) =>
            m.lastError ? (
              <span className="outbox-error">{m.lastError}</span>
            ) : (
              <span className="muted">—</span>
            )
          }
        />
      </DataTable>
    </section>
  );
}
