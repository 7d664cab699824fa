import { type Call, formatDateTimeIn } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { useCallbackQueue } from '../../api/calls.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { MobileLink } from '../../components/MobileLink.tsx';
import { recordHref } from '../client-record/recordHref.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { outcomeLabel, waited } from './callWords.ts';

/** Open calls, oldest first, with how long each has waited; "Call back" logs the return call that closes it. */
export function CallbackQueue({ onCallBack }: { onCallBack: (call: Call) => void }) {
  const { company } = useSession();
  const queue = useCallbackQueue(company.id);
  return (
    <section className="reminders-section" aria-labelledby="callbacks-heading">
      <h2 id="callbacks-heading">Callback queue</h2>
      <LoadProblem failed={queue.isError} what="The callback queue" onRetry={() => void queue.refetch()} />
      <DataTable
        value={queue.data ?? []}
        dataKey="id"
        size="small"
        stripedRows
        scrollable
        className="record-table"
        data-testid="callback-queue"
        tableStyle={{ minWidth: '48rem' }}
        pt={scrollingTablePt('Callback queue')}
        emptyMessage={
          <span role="status">
            {queue.isPending ? 'Loading the queue.' : 'Nobody is waiting for a call back.'}
          </span>
        }
      >
        <Column header="Waited" body={(c: Call) => waited(c.waitedSeconds)} />
        <Column
          header="Called"
          bodyClassName="cell-nowrap"
          body={(c: Call) => formatDateTimeIn(c.startedAt, company.timeZone)}
        />
        <Column
          header="Caller"
          body={(c: Call) =>
            c.clientId ? (
              <Link to={recordHref(c.clientId)}>{c.clientName}</Link>
            ) : (
              <span className="muted">Unknown</span>
            )
          }
        />
        <Column header="Number" body={(c: Call) => <MobileLink mobile={c.number} />} />
        <Column header="Outcome" body={(c: Call) => outcomeLabel(c.outcome)} />
        <Column header="For" body={(c: Call) => c.takenFor ?? '—'} />
        <Column
          header="Follow up"
          bodyClassName="cell-nowrap"
          body={(c: Call) => formatDateTimeIn(c.followUpAt, company.timeZone)}
        />
        <Column header="Purpose" body={(c: Call) => c.purpose || '—'} />
        <Column
          header="Action"
          body={(c: Call) => (
            <Button
              type="button"
              label="Call back"
              icon="pi pi-phone"
              size="small"
              text
              onClick={() => onCallBack(c)}
              aria-label={`Call back ${c.clientName ?? c.number}`}
            />
          )}
        />
      </DataTable>
    </section>
  );
}
