import { RECALL_MESSAGES, type Recall, type RecallFilter } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { useCurrency } from '../../lib/company.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { LoadProblem, ShowFilter } from './ListControls.tsx';
import { recallState, sendSummary } from './recallWords.ts';
import { type RecallListState, useRecalls, useRecallTypes, useSendRecallNotices } from './useRecalls.ts';

const FILTERS: { label: string; value: RecallFilter }[] = [
  { label: 'Open (due and notice sent)', value: 'open' },
  { label: 'Due (no notice yet)', value: 'due' },
  { label: 'Overdue', value: 'overdue' },
  { label: 'Notice sent', value: 'notified' },
  { label: 'Completed', value: 'completed' },
  { label: 'Cancelled', value: 'cancelled' },
  { label: 'All', value: 'all' },
];

/**
 * The Reminders page's recall list (issue 16, part 5): due, overdue and notified recalls with filters and
 * paging, and a bulk send of the next notice of the selected ones (held for the CPA quiet hours).
 */
export function RecallsSection() {
  const { company } = useSession();
  const currency = useCurrency();
  const [query, setQuery] = useState<RecallListState>({ status: 'open', page: 1, size: 20 });
  const [selected, setSelected] = useState<Recall[]>([]);
  const recalls = useRecalls(company.id, query);
  const types = useRecallTypes(company.id);
  const send = useSendRecallNotices(company.id);
  const page = recalls.data;
  const pending = recalls.isPending;
  const rows = page?.content ?? [];
  const names = new Map(rows.map((r) => [r.id, r.clientName]));
  const isSelected = (r: Recall) => selected.some((s) => s.id === r.id);
  const toggle = (r: Recall, on: boolean) =>
    setSelected((now) => (on ? [...now.filter((s) => s.id !== r.id), r] : now.filter((s) => s.id !== r.id)));
  const change = (next: Partial<RecallListState>) => {
    setSelected([]);
    setQuery((q) => ({ ...q, ...next, page: next.page ?? 1 }));
  };
  const sendSelected = () =>
    send.mutate(
      selected.map((r) => r.id),
      { onSuccess: () => setSelected([]) },
    );
  return (
    <section aria-labelledby="recalls-heading" className="reminders-section">
      <h2 id="recalls-heading">Recalls{page ? ` (${page.totalElements})` : ''}</h2>
      <div className="admin-filters">
        <ShowFilter
          id="recalls-status"
          value={query.status}
          options={FILTERS}
          onChange={(status) => change({ status })}
        />
        <div className="field">
          <label htmlFor="recalls-type">Recall type</label>
          <Dropdown
            inputId="recalls-type"
            value={query.typeId ?? null}
            options={types.data ?? []}
            optionLabel="name"
            optionValue="id"
            showClear
            placeholder="Any recall type"
            onChange={(e) => change({ typeId: (e.value as number | null) ?? undefined })}
            pt={{ select: { 'aria-hidden': true } }}
          />
        </div>
        <Button
          type="button"
          label={`Send next notice (${selected.length})`}
          icon="pi pi-send"
          disabled={selected.length === 0}
          loading={send.isPending}
          onClick={sendSelected}
        />
      </div>
      <LoadProblem failed={recalls.isError} what="The recalls" onRetry={() => void recalls.refetch()} />
      {send.isError && (
        <p role="alert" className="error">
          {RECALL_MESSAGES.sendFailed} {send.error.message}
        </p>
      )}
      {send.data && (
        <div role="status" data-testid="recalls-sent">
          <p>{sendSummary(send.data, company.timeZone, currency)}</p>
          {send.data.skipped.length > 0 && (
            <ul aria-label="Recalls skipped">
              {send.data.skipped.map((s) => (
                <li key={s.recallId}>
                  {names.get(s.recallId) ?? `Recall ${s.recallId}`}: {s.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DataTable
        // Each row carries whether it is ticked: the table re-renders a row only when its data changes.
        value={rows.map((r) => ({ ...r, ticked: isSelected(r) }))}
        dataKey="id"
        {...serverPaging(query.page, query.size, page?.totalElements ?? 0, (p, size) =>
          change({ page: p, size }),
        )}
        loading={pending}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '44rem' }}
        pt={scrollingTablePt('Recalls')}
        emptyMessage={
          <EmptyRow
            pending={pending}
            failed={recalls.isError}
            loading="Loading recalls. Please wait."
            empty="No recalls to show."
            testId="recalls-empty"
          />
        }
      >
        <Column
          header={
            <input
              type="checkbox"
              aria-label="Select every recall on this page"
              checked={rows.length > 0 && rows.every(isSelected)}
              onChange={(e) => setSelected(e.target.checked ? rows : [])}
            />
          }
          body={(r: Recall & { ticked: boolean }) => (
            <input
              type="checkbox"
              aria-label={`Select the ${r.typeName} recall of ${r.clientName}`}
              checked={r.ticked}
              onChange={(e) => toggle(r, e.target.checked)}
            />
          )}
          headerStyle={{ width: '3rem' }}
        />
        <Column field="clientName" header="Client" />
        <Column field="typeName" header="Recall" />
        <Column field="dueDate" header="Due" />
        <Column header="State" body={(r: Recall) => recallState(r)} />
        <Column
          header="Next notice"
          body={(r: Recall) => (r.nextStep ? `Notice ${r.nextStep} from ${r.nextNoticeFrom ?? '—'}` : '—')}
        />
      </DataTable>
    </section>
  );
}
