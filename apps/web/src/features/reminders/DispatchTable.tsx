import { formatDateTimeIn, formatMoney, REMINDER_MESSAGES, type ReminderDispatch } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import type { DispatchQuery } from '../../api/reminders.ts';
import { useRetryDispatch } from '../../api/reminders.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { useCurrency } from '../../lib/company.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { CHANNEL_LABELS, isRetryable, KIND_LABELS, outcomeOf } from './dispatchLabels.ts';

interface DispatchTableProps {
  /** upcoming: due time and estimated cost; settled: outcome, reason and Retry. */
  mode: 'upcoming' | 'settled';
  rows: ReminderDispatch[] | undefined;
  total: number;
  timeZone: string;
  pending: boolean;
  failed: boolean;
  query: DispatchQuery;
  onPage: (page: number, size: number) => void;
  label: string;
  empty: string;
}

/** Reminders and booking notices of appointments, as the Reminders page lists them. */
export function DispatchTable({
  mode,
  rows,
  total,
  timeZone,
  pending,
  failed,
  query,
  onPage,
  label,
  empty,
}: DispatchTableProps) {
  const { company } = useSession();
  const currency = useCurrency();
  const toast = useToast();
  const retry = useRetryDispatch(company.id);
  const time = (iso: string | null) => formatDateTimeIn(iso, timeZone);
  const what = (d: ReminderDispatch) => `${CHANNEL_LABELS[d.channel]} ${KIND_LABELS[d.kind].toLowerCase()}`;
  const cost = (d: ReminderDispatch) =>
    d.channel === 'email' ? '—' : `${formatMoney(d.costCents, currency)}${d.estimated ? ' (estimate)' : ''}`;
  const onRetry = (d: ReminderDispatch) =>
    retry.mutate(d.id, {
      onSuccess: () => toast.success(REMINDER_MESSAGES.retried),
      // A refusal (409) says why; anything else is the catalogue's failure.
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : REMINDER_MESSAGES.retryFailed),
    });
  return (
    <DataTable
      value={rows ?? []}
      dataKey="id"
      {...serverPaging(query.page, query.size, total, onPage)}
      loading={pending}
      size="small"
      stripedRows
      scrollable
      className="record-table"
      tableStyle={{ minWidth: '60rem' }}
      pt={scrollingTablePt(label)}
      emptyMessage={
        <EmptyRow pending={pending} failed={failed} loading="Loading reminders. Please wait." empty={empty} />
      }
    >
      {mode === 'upcoming' ? (
        <Column field="due" header="Goes out" body={(d: ReminderDispatch) => time(d.due)} />
      ) : (
        <Column field="settled" header="Settled" body={(d: ReminderDispatch) => time(d.settled)} />
      )}
      <Column
        field="clientName"
        header="Client"
        body={(d: ReminderDispatch) => <Link to={recordHref(d.clientId)}>{d.clientName}</Link>}
      />
      <Column
        field="appointmentStart"
        header="Appointment"
        body={(d: ReminderDispatch) => time(d.appointmentStart)}
      />
      <Column field="typeName" header="Type" />
      <Column field="kind" header="What" body={what} />
      <Column field="templateName" header="Template" />
      {mode === 'settled' && (
        <Column
          field="status"
          header="Outcome"
          body={(d: ReminderDispatch) => (
            <span className={isRetryable(d) ? 'reminders-short' : undefined}>
              {outcomeOf(d)}
              {d.reason || d.lastError ? <span className="muted">: {d.reason ?? d.lastError}</span> : null}
            </span>
          )}
        />
      )}
      <Column field="costCents" header="Cost" body={cost} />
      {mode === 'settled' && (
        <Column
          header="Actions"
          body={(d: ReminderDispatch) =>
            isRetryable(d) ? (
              <Button
                type="button"
                label="Retry"
                icon="pi pi-refresh"
                size="small"
                outlined
                aria-label={`Retry the ${what(d)} to ${d.clientName}`}
                loading={retry.isPending && retry.variables === d.id}
                disabled={retry.isPending}
                onClick={() => onRetry(d)}
              />
            ) : null
          }
        />
      )}
    </DataTable>
  );
}
