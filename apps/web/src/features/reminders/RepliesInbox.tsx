import { REPLY_REASONS, type ReplyListQuery, type SmsReply } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { useFormatMobile } from '../../lib/company.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { LoadProblem } from './ListControls.tsx';
import { useMarkReplyHandled, useReplies } from './useReplies.ts';

const OUTCOME_TEXT: Record<SmsReply['outcome'], string> = {
  confirmed: 'Confirmed the appointment',
  cancelled: 'Cancelled the appointment',
  inbox: 'Needs a person',
};
const when = (local: string | null) => (local ? local.replace('T', ' ') : '—');

/**
 * The Reminders page's reply inbox (issue 16, part 4): SMS replies that wait for a person first (why, and
 * "Mark handled"), and with "Show all" those that confirmed or cancelled an appointment by themselves.
 */
export function RepliesInbox() {
  const { company } = useSession();
  const [query, setQuery] = useState<ReplyListQuery>({ filter: 'inbox', page: 1, size: 20 });
  const replies = useReplies(company.id, query);
  const mark = useMarkReplyHandled(company.id);
  const formatMobile = useFormatMobile();
  const from = (r: SmsReply) => r.clientName ?? formatMobile(r.sender);
  const page = replies.data;
  const pending = replies.isPending;
  return (
    <section aria-labelledby="replies-heading" className="reminders-section">
      <h2 id="replies-heading">Replies{page ? ` (${page.unhandled} to handle)` : ''}</h2>
      <Button
        type="button"
        text
        label={query.filter === 'inbox' ? 'Show all replies' : 'Show only replies to handle'}
        onClick={() => setQuery((q) => ({ ...q, filter: q.filter === 'inbox' ? 'all' : 'inbox', page: 1 }))}
      />
      <LoadProblem failed={replies.isError} what="The replies" onRetry={() => void replies.refetch()} />
      {mark.isError && (
        <p role="alert" className="error">
          {mark.error.message}
        </p>
      )}
      <DataTable
        value={page?.content ?? []}
        dataKey="id"
        {...serverPaging(query.page, query.size, page?.totalElements ?? 0, (p, size) =>
          setQuery((q) => ({ ...q, page: p, size })),
        )}
        loading={pending}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '52rem' }}
        pt={scrollingTablePt('SMS replies')}
        emptyMessage={
          <EmptyRow
            pending={pending}
            failed={replies.isError}
            loading="Loading replies. Please wait."
            empty="No replies to handle."
            testId="replies-empty"
          />
        }
      >
        <Column header="Received" body={(r: SmsReply) => when(r.receivedLocal)} />
        <Column header="From" body={from} />
        <Column field="body" header="Message" />
        <Column
          header="What it did"
          body={(r: SmsReply) => (r.reason ? REPLY_REASONS[r.reason] : OUTCOME_TEXT[r.outcome])}
        />
        <Column header="Appointment" body={(r: SmsReply) => when(r.appointmentStartLocal)} />
        <Column
          header="Handled"
          body={(r: SmsReply) =>
            r.outcome !== 'inbox' ? (
              '—'
            ) : r.handled ? (
              `By ${r.handledBy ?? 'someone'}`
            ) : (
              <Button
                type="button"
                size="small"
                label="Mark handled"
                aria-label={`Mark the reply from ${from(r)} handled`}
                loading={mark.isPending && mark.variables === r.id}
                onClick={() => mark.mutate(r.id)}
              />
            )
          }
        />
      </DataTable>
    </section>
  );
}
