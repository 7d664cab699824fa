import {
  formatMoney,
  OPPORTUNITY_SORT_FIELDS,
  type Opportunity,
  type OpportunitySortField,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { useOpportunityPage } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { useCurrency } from '../../lib/company.ts';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { OpenOpportunityButton } from './OpportunityDialog.tsx';
import type { ProspectFilterState } from './useProspectFilters.ts';

const isSortField = (field: string): field is OpportunitySortField =>
  (OPPORTUNITY_SORT_FIELDS as readonly string[]).includes(field);

/** The list view: the same filters as the board, sorted and paged by the server. */
export function OpportunityList({
  state,
  onOpen,
}: {
  state: ProspectFilterState;
  onOpen: (id: number) => void;
}) {
  const { company } = useSession();
  const page = useOpportunityPage(company.id, state.listQuery);
  const currency = useCurrency();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <section aria-labelledby="opportunity-list-heading">
      <h2 id="opportunity-list-heading" className="sr-only">
        Opportunities
      </h2>
      <LoadProblem failed={page.isError} what="The opportunities" onRetry={() => void page.refetch()} />
      <DataTable
        value={page.isError ? [] : (page.data?.data ?? [])}
        dataKey="id"
        {...serverPaging(state.paging.page, state.paging.size, page.data?.totalRecords ?? 0, state.setPage)}
        sortField={state.sort.field}
        sortOrder={state.sort.order}
        onSort={(e) => {
          if (e.sortField && isSortField(e.sortField)) state.setSort(e.sortField, e.sortOrder === 1 ? 1 : -1);
        }}
        loading={page.isFetching}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        data-testid="opportunity-list"
        tableStyle={{ minWidth: '56rem' }}
        pt={scrollingTablePt('Opportunities')}
        emptyMessage={
          <EmptyRow
            pending={page.isPending}
            failed={page.isError}
            loading="Loading opportunities."
            empty="No opportunities match."
          />
        }
      >
        <Column
          field="title"
          header="Title"
          sortable
          body={(o: Opportunity) => <OpenOpportunityButton title={o.title} onOpen={() => onOpen(o.id)} />}
        />
        <Column
          field="clientName"
          header="Prospect or client"
          sortable
          body={(o: Opportunity) => <Link to={recordHref(o.clientId)}>{o.clientName}</Link>}
        />
        <Column field="stageName" header="Stage" sortable />
        <Column field="valueCents" header="Value" sortable body={(o: Opportunity) => money(o.valueCents)} />
        <Column header="Commission" body={(o: Opportunity) => money(o.commissionCents)} />
        <Column
          field="probability"
          header="Probability"
          sortable
          body={(o: Opportunity) => `${o.probability}%`}
        />
        <Column
          field="expectedCloseDate"
          header="Expected close"
          sortable
          body={(o: Opportunity) => o.expectedCloseDate ?? '—'}
        />
        <Column field="owner" header="Owner" sortable />
        <Column header="Lost reason" body={(o: Opportunity) => o.lostReason ?? '—'} />
      </DataTable>
    </section>
  );
}
