import { type ClientListQuery, rowActionsFor } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useClientPage } from '../../../api/clients.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { implementedActions } from '../panels/registry.ts';
import { ClientTable } from './ClientTable.tsx';
import { ClientToolbar } from './ClientToolbar.tsx';
import { ListControls } from './ListControls.tsx';
import { ListSummary } from './ListSummary.tsx';
import type { ClientListState } from './useClientListState.ts';

/** Not in the spec's catalogue (it only says a failed load is logged and shows an empty list). */
export const LIST_LOAD_FAILED = 'Failed to load clients. Please try again.';

interface ClientListProps {
  state: ClientListState;
  /** inputClientId: the list shows that client only. */
  clientId: number | undefined;
  onOpen: (tab: number, clientId?: number) => void;
  onShowAll: () => void;
}

/** Tab 1: toolbar, search and view controls, and the lazy client table. */
export function ClientList({ state, clientId, onOpen, onShowAll }: ClientListProps) {
  const { user, company } = useSession();
  const toast = useToast();
  const query: ClientListQuery = state.query(clientId);
  const page = useClientPage(company.id, query);
  const { setFirst } = state;

  useEffect(() => {
    if (!page.isError) return;
    // Spec section 8: a failed load is logged and yields an empty list with total 0.
    console.error('The client list failed to load', page.error);
    toast.error(LIST_LOAD_FAILED);
  }, [page.isError, page.error, toast]);

  // A page past the end (after a delete, or a smaller total): go to the last page that has clients.
  const total = page.isError ? 0 : (page.data?.totalElements ?? 0);
  const emptyPage = !page.isError && !page.isPlaceholderData && page.data?.content.length === 0;
  useEffect(() => {
    if (emptyPage && state.first > 0 && total > 0) {
      setFirst(Math.floor((total - 1) / state.view.rows) * state.view.rows);
    }
  }, [emptyPage, total, state.first, state.view.rows, setFirst]);

  const actions = implementedActions(
    rowActionsFor({
      companyType: company.type,
      roles: user.roles,
      enableInvoicing: user.enableInvoicing,
      view: state.view.mode,
    }),
    company.type,
  );
  const { search, filter, filters } = query;

  return (
    <div className="client-list">
      <ClientToolbar listParams={{ search, filter, filters, clientId }} onNewClient={() => onOpen(2)} />
      <ListControls state={state} />
      {clientId !== undefined && (
        <div className="one-client" data-testid="one-client">
          <span className="pi pi-filter" aria-hidden="true" />
          <span>Showing one client (ID {clientId})</span>
          <Button type="button" label="Show all" size="small" text onClick={onShowAll} />
        </div>
      )}
      <ListSummary
        loading={page.isFetching}
        total={total}
        totalExact={page.isError ? true : (page.data?.totalExact ?? true)}
      />
      <ClientTable
        state={state}
        rows={page.isError ? [] : (page.data?.content ?? [])}
        total={total}
        totalExact={page.data?.totalExact ?? true}
        loading={page.isFetching}
        firstLoad={page.isPending}
        actions={actions}
        onOpen={onOpen}
      />
    </div>
  );
}
