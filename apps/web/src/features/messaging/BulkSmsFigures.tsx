import { type BulkSmsPreview, formatMoney } from '@pd/contracts';
import { Button } from 'primereact/button';

interface BulkSmsFiguresProps {
  preview: BulkSmsPreview | undefined;
  currency: string;
  /** The figures are for an older text and a new answer is on its way. */
  updating: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: boolean;
}

const count = (n: number) => n.toLocaleString('en-GB');

/** Before sending: how many clients it reaches, how many are skipped, the total cost and the balance. */
export function BulkSmsFigures({ preview, currency, updating, failed, onRetry, empty }: BulkSmsFiguresProps) {
  if (empty) {
    return (
      <p className="bulk-figures__hint muted" data-testid="bulk-preview-hint">
        Type the message to see how many clients it reaches and what it costs.
      </p>
    );
  }
  if (failed) {
    return (
      <div className="notice notice--error" role="alert" data-testid="bulk-preview-failed">
        <span>The recipients and cost could not be worked out.</span>
        <Button type="button" label="Try again" size="small" text onClick={onRetry} />
      </div>
    );
  }
  if (!preview) {
    return (
      <p className="bulk-figures__hint muted" role="status">
        Counting recipients…
      </p>
    );
  }
  const short = preview.costCents - preview.balanceCents;
  return (
    <div className="bulk-figures" aria-busy={updating} data-testid="bulk-preview">
      <dl className="bulk-figures__list">
        <div>
          <dt>Clients it reaches</dt>
          <dd data-testid="bulk-recipients">{count(preview.recipients)}</dd>
        </div>
        <div>
          <dt>Skipped (no usable mobile)</dt>
          <dd data-testid="bulk-skipped">{count(preview.skipped)}</dd>
        </div>
        <div>
          <dt>Segments per message</dt>
          <dd data-testid="bulk-segments">{preview.segmentsPerMessage}</dd>
        </div>
        <div>
          <dt>Total cost</dt>
          <dd data-testid="bulk-cost">{formatMoney(preview.costCents, currency)}</dd>
        </div>
        <div>
          <dt>Credit balance</dt>
          <dd data-testid="bulk-balance">{formatMoney(preview.balanceCents, currency)}</dd>
        </div>
      </dl>
      <p className="bulk-figures__note muted">
        Active clients with a mobile number and communication status Y.
        {updating && <span role="status"> Updating…</span>}
      </p>
      {short > 0 && (
        <p className="notice notice--error" data-testid="bulk-short">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          Not enough SMS credit: {formatMoney(short, currency)} short. An administrator can top up in
          Settings.
        </p>
      )}
    </div>
  );
}
