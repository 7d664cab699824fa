import { type AuditEntry, formatDateTimeIn } from '@pd/contracts';
import { Column } from 'primereact/column';
import type { ReactNode } from 'react';
import { auditActionLabel } from './auditActions.ts';

/** Field changes as the API records them: { field: { from, to } }. */
type Changes = Record<string, { from?: unknown; to?: unknown }>;

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function changesOf(entry: AuditEntry): [string, { from?: unknown; to?: unknown }][] {
  const changes = entry.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Changes).filter(
    ([, change]) => change !== null && typeof change === 'object' && ('from' in change || 'to' in change),
  );
}

/** More changed fields than this are folded away (a new client lists all of its fields). */
const FOLD_AFTER = 4;

function ChangeList({ changes }: { changes: [string, { from?: unknown; to?: unknown }][] }) {
  return (
    <ul className="audit-changes" aria-label="Changed fields">
      {changes.map(([field, change]) => (
        <li key={field}>
          <span className="audit-changes__field">{field}</span>: {shown(change.from)}{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> {shown(change.to)}
        </li>
      ))}
    </ul>
  );
}

/** The description, and under it the before and after of each changed field. */
export function AuditDescription({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  return (
    <div className="audit-description">
      <span className="audit-description__text">{entry.description}</span>
      {changes.length > 0 && changes.length <= FOLD_AFTER && <ChangeList changes={changes} />}
      {changes.length > FOLD_AFTER && (
        <details className="audit-changes__more">
          <summary>{changes.length} fields changed</summary>
          <ChangeList changes={changes} />
        </details>
      )}
    </div>
  );
}

/** Who made the entry; the system (a worker, an import) has no user. */
export const auditWho = (entry: AuditEntry) => entry.user ?? <span className="muted">System</span>;

export const LOADING_AUDIT = 'Loading the audit trail. Please wait.';
export const NO_AUDIT = 'No audit entries found.';

/** The columns of an audit list: a keyed array, since DataTable does not look into fragments. */
export function auditColumns(timeZone: string, clientCell?: (row: AuditEntry) => ReactNode): ReactNode[] {
  return [
    <Column
      key="at"
      field="at"
      header="When"
      body={(row: AuditEntry) => formatDateTimeIn(row.at, timeZone)}
      bodyClassName="cell-nowrap"
    />,
    <Column key="user" field="user" header="Who" body={auditWho} />,
    clientCell && <Column key="client" field="clientName" header="Client" body={clientCell} />,
    <Column key="subProcess" field="subProcess" header="Sub-process" />,
    <Column
      key="action"
      field="action"
      header="Action"
      body={(row: AuditEntry) => auditActionLabel(row.action)}
    />,
    <Column
      key="description"
      field="description"
      header="Description"
      body={(row: AuditEntry) => <AuditDescription entry={row} />}
      bodyClassName="record-table__text"
    />,
  ].filter(Boolean);
}
