import { MESSAGE_STATUS_LABELS } from '@pd/contracts';
import '../../styles/client-records.css';
import '../../styles/messaging.css';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { type OutboxQuery, useOutbox } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { AdminOnly } from '../audit/AdminOnly.tsx';
import { OutboxTable } from './OutboxTable.tsx';
import { CHANNEL_LABELS, DeliveryBanner } from './outboxCells.tsx';

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
      <OutboxTable
        page={outbox.isError ? undefined : outbox.data}
        pending={outbox.isPending}
        query={query}
        onPage={(page, size) => setQuery((q) => ({ ...q, page, size }))}
        label="Outbox"
      />
    </section>
  );
}
