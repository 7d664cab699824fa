import '../../styles/messaging.css';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useClientMessages } from '../../api/clientRecord.ts';
import { OutboxTable } from '../outbox/OutboxTable.tsx';
import { DeliveryBanner } from '../outbox/outboxCells.tsx';

/** The e-mails and SMS sent to the client, newest first, with their delivery state. */
export function ClientMessages({ clientId }: { clientId: number }) {
  const [query, setQuery] = useState({ page: 1, size: 20 });
  const messages = useClientMessages(clientId, query.page, query.size);
  return (
    <section className="record-section" aria-labelledby="record-messages-heading">
      <div className="record-section__header">
        <h2 id="record-messages-heading">Messages</h2>
      </div>
      <DeliveryBanner delivery={messages.data?.delivery} />
      {messages.isError && (
        <div className="notice notice--error" role="alert">
          <span>The messages could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void messages.refetch()} />
        </div>
      )}
      <OutboxTable
        page={messages.isError ? undefined : messages.data}
        pending={messages.isPending}
        query={query}
        onPage={(page, size) => setQuery({ page, size })}
        label="Messages"
        withClient={false}
      />
    </section>
  );
}
