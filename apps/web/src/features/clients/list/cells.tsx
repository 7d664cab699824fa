import type { ClientListRow } from '@pd/contracts';
import { CLIENT_STATUS_LABELS, CLIENT_TYPE_LABELS } from './columns.ts';

/** The code stays on screen (column filters match codes); the words explain it. */
function Coded({ code, label, kind }: { code: string; label: string | undefined; kind: string }) {
  return (
    <span className={`coded coded--${kind} coded--${kind}-${code}`}>
      <span className="coded__code">{code}</span>
      {label && <span className="coded__label">{label}</span>}
    </span>
  );
}

export const typeCell = (row: ClientListRow) => (
  <Coded code={row.type} label={CLIENT_TYPE_LABELS[row.type]} kind="type" />
);

export const statusCell = (row: ClientListRow) => (
  <Coded code={row.status} label={CLIENT_STATUS_LABELS[row.status]} kind="status" />
);

export const textCell = (value: string | number | null) =>
  value === null || value === '' ? <span className="muted">—</span> : value;
