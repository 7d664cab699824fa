import { APPOINTMENT_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';

/** A refused booking: the clashing appointments as the API names them, and the way past it. */
export function ClashNotice({ messages }: { messages: string[] }) {
  return (
    <div className="notice notice--error diary-clash" role="alert" data-testid="clash-notice">
      <span className="pi pi-exclamation-triangle" aria-hidden="true" />
      <div>
        <p className="diary-clash__title">{APPOINTMENT_MESSAGES.clash}</p>
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <p>Choose another time, or tick "Double-book" to book it anyway.</p>
      </div>
    </div>
  );
}

/** A series whose occurrences clash: book the free ones and skip those, or change nothing. */
export function SeriesClashNotice({
  messages,
  onSkip,
  onCancel,
}: {
  messages: string[];
  onSkip: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="notice notice--error diary-clash" role="alert" data-testid="series-clash-notice">
      <span className="pi pi-exclamation-triangle" aria-hidden="true" />
      <div>
        <p className="diary-clash__title">These occurrences clash with other appointments:</p>
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <div className="diary-clash__actions">
          <Button type="button" label="Skip those and book the rest" icon="pi pi-forward" onClick={onSkip} />
          <Button type="button" label="Change the series" outlined onClick={onCancel} />
        </div>
      </div>
    </div>
  );
}
