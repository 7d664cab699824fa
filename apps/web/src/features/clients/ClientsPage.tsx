import '../../styles/clients.css';
import { CLIENT_TABS } from '@pd/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLIENTS_QUERY_ROOT } from '../../api/queryKeys.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { ClientList } from './list/ClientList.tsx';
import { useClientListState } from './list/useClientListState.ts';
import { PanelHost } from './panels/PanelHost.tsx';
import { clientsHref, LIST_TAB, RETURN_TAB } from './tabs.ts';
import { useClientsRoute } from './useClientsRoute.ts';

export const PAGE_TITLE = 'Manage Clients';
const LIST_HREF = `#${clientsHref(LIST_TAB)}`;

/** Spec section 2: the heading goes to tab 1 with a full reload. A new-tab click is left to the browser. */
function reloadToList(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.location.assign(LIST_HREF);
  window.location.reload();
}

/** /#/commonClients: one page, numbered panels; the address says which panel and which client. */
export function ClientsPage() {
  usePageTitle(PAGE_TITLE);
  const { user, company } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { tab, clientId, itemId, openTab, afterAction, cancel, showAll } = useClientsRoute();
  // Owned here, not by the list, so a visit to a panel keeps the search, filters and page.
  const list = useClientListState(user.id);

  // Marked stale, refetched when shown: the list on tab 1 (or the record page) reloads and shows the change.
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: [CLIENTS_QUERY_ROOT], refetchType: 'none' });
  const onDone = () => {
    void invalidate();
    afterAction(RETURN_TAB[tab], tab === CLIENT_TABS.deleteClient ? clientId : undefined);
  };
  // Issue 13: a new client is often not on the list's first page; its record page shows it.
  const onCreated = (id: number) => {
    void invalidate();
    navigate(recordHref(id));
  };

  return (
    <section className="page clients-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">
          <a href={LIST_HREF} className="clients-page__home" onClick={reloadToList}>
            {PAGE_TITLE}
          </a>
        </h1>
        <p className="page__lead">Clients of {company.name}.</p>
      </div>
      {tab === LIST_TAB ? (
        <ClientList state={list} clientId={clientId} onOpen={openTab} onShowAll={showAll} />
      ) : (
        <PanelHost
          tab={tab}
          companyType={company.type}
          clientId={clientId}
          itemId={itemId}
          onDone={onDone}
          onCancel={cancel}
          openPanel={(next, nextItemId) => openTab(next, clientId, nextItemId)}
          onCreated={onCreated}
        />
      )}
    </section>
  );
}
