import { type BulkSmsPreview, formatMoney } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';

interface BulkSmsConfirmProps {
  preview: BulkSmsPreview;
  currency: string;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last look before credit is spent: who, how many, how much; Send stays disabled while sending. */
export function BulkSmsConfirm({ preview, currency, sending, onConfirm, onClose }: BulkSmsConfirmProps) {
  const after = preview.balanceCents - preview.costCents;
  const footer = (
    <div className="bulk-confirm__actions">
      <Button type="button" label="Back" outlined onClick={onClose} disabled={sending} />
      <Button
        type="button"
        label={sending ? 'Sending…' : 'Send now'}
        icon="pi pi-send"
        onClick={onConfirm}
        loading={sending}
        disabled={sending}
        autoFocus
      />
    </div>
  );
  return (
    <Dialog
      visible
      header="Send Bulk SMS?"
      footer={footer}
      onHide={() => {
        if (!sending) onClose();
      }}
      closable={!sending}
      modal
      draggable={false}
      className="bulk-confirm"
    >
      <p data-testid="bulk-confirm-text">
        The message goes to <strong>{preview.recipients.toLocaleString('en-GB')}</strong>{' '}
        {preview.recipients === 1 ? 'client' : 'clients'} ({preview.skipped.toLocaleString('en-GB')} skipped)
        and costs <strong>{formatMoney(preview.costCents, currency)}</strong>. The SMS credit balance goes
        from {formatMoney(preview.balanceCents, currency)} to {formatMoney(after, currency)}.
      </p>
      {sending && (
        <div role="status" className="bulk-confirm__progress">
          <ProgressBar mode="indeterminate" style={{ height: '0.4rem' }} aria-hidden="true" />
          <span>Queuing the messages. Please wait.</span>
        </div>
      )}
    </Dialog>
  );
}
