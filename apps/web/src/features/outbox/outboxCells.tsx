import { MESSAGE_STATUS_LABELS, type OutboxMessage, type OutboxPage } from '@pd/contracts';
import { Tag } from 'primereact/tag';

export const NOT_DELIVERED = 'not delivered: no provider configured';
export const CHANNEL_LABELS = { email: 'E-mail', sms: 'SMS' } as const;

/** Tags in the status's colour, dark enough for white text (the theme's red and amber are not). */
export function StatusTag({ status }: { status: OutboxMessage['status'] }) {
  return <Tag value={MESSAGE_STATUS_LABELS[status]} className={`outbox-status outbox-status--${status}`} />;
}

/** The message went, or will go, to the development outbox: nothing left the app. */
export function undelivered(message: OutboxMessage, delivery: OutboxPage['delivery'] | undefined): boolean {
  if (message.transport) return message.transport === 'outbox';
  return delivery?.[message.channel] === 'outbox';
}

export function DeliveryMarker({
  message,
  delivery,
}: {
  message: OutboxMessage;
  delivery: OutboxPage['delivery'] | undefined;
}) {
  if (undelivered(message, delivery))
    return (
      <span className="outbox-marker" data-testid="outbox-not-delivered">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        {NOT_DELIVERED}
      </span>
    );
  return message.transport ? <span>{message.transport}</span> : <span className="muted">—</span>;
}

/** The subject (e-mail) and the text, as sent. */
export function MessageContent({ message }: { message: OutboxMessage }) {
  return (
    <div className="outbox-content">
      {message.subject && <strong>{message.subject}</strong>}
      {message.subject && <br />}
      {message.content}
    </div>
  );
}

/** A banner per channel that has no provider: what happens to its messages and how to change it. */
export function DeliveryBanner({ delivery }: { delivery: OutboxPage['delivery'] | undefined }) {
  if (!delivery) return null;
  const missing = [
    delivery.email === 'outbox' && 'E-mail (set SMTP_URL)',
    delivery.sms === 'outbox' && 'SMS (set SMS_PROVIDER and SMS_API_KEY)',
  ].filter((text): text is string => Boolean(text));
  if (missing.length === 0) return null;
  return (
    <div className="notice notice--warning" role="status" data-testid="outbox-banner">
      <span className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>
        No provider is configured for {missing.join(' and ')}: those messages are kept here and are{' '}
        <strong>not delivered</strong> to anyone.
      </span>
    </div>
  );
}
