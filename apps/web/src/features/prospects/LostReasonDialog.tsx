import { LOST_REASON_REQUIRED, PROSPECT_LIMITS } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';

/** Marking an opportunity Lost asks why; nothing moves until a reason is given. */
export function LostReasonDialog({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    if (!reason.trim()) setProblem(LOST_REASON_REQUIRED);
    else onConfirm(reason.trim());
  };
  const footer = (
    <div className="settings-form__actions">
      <Button type="button" label="Cancel" outlined onClick={onCancel} />
      <Button type="button" label="Mark lost" icon="pi pi-times" severity="danger" onClick={confirm} />
    </div>
  );
  return (
    <Dialog
      visible
      header={`Lost: ${title}`}
      footer={footer}
      onHide={onCancel}
      style={{ width: 'min(32rem, 96vw)' }}
    >
      <div className="field">
        <label htmlFor="lost-reason">Why was it lost?</label>
        <InputTextarea
          id="lost-reason"
          value={reason}
          maxLength={PROSPECT_LIMITS.lostReason}
          rows={3}
          autoFocus
          invalid={Boolean(problem)}
          aria-describedby={problem ? 'lost-reason-problem' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <small id="lost-reason-problem" className="p-error" role="alert">
            {problem}
          </small>
        )}
      </div>
    </Dialog>
  );
}
