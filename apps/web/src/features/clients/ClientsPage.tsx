import '../../styles/clients.css';
import { CLIENT_TABS } from '@pd/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CLIENTS_QUERY_ROOT } from '../../api/queryKeys.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { ClientList } from './list/ClientList.tsx';
import { asksRestore, forgetVisits, rememberVisit, restoredVisit, UNKEYED_ENTRY } from './list/listVisit.ts';
import { useClientListState } from './list/useClientListState.ts';
import { PanelHost } from './panels/PanelHost.tsx';
import { clientsHref, LIST_TAB, RETURN_TAB } from './tabs.ts';
import { useClientsRoute } from './useClientsRoute.ts';

export const PAGE_TITLE = 'Manage Clients';
const LIST_HREF = `#${clientsHref(LIST_TAB)}`;

/**
 * Spec section 2: the heading goes to tab 1 with a full reload, the list as it first looks. A new-tab click
 * is left to the browser.
 */
function reloadToList(event: MouseEvent<HTMLAnchorElement>, userId: number): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  forgetVisits(userId);
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
  const location = useLocation();
  // Back (or a reload) to this history entry, or a link back from a record page: the list as it was left.
  // The menu's links open a new entry: a fresh list.
  const [initial] = useState(() => restoredVisit(user.id, location.key, asksRestore(location.state)));
  // Owned here, not by the list, so a visit to a panel keeps the search, filters and page.
  const list = useClientListState(user.id, initial);
  const visit = JSON.stringify(list.visit);
  const keyed = location.key !== UNKEYED_ENTRY;
  useEffect(() => {
    // An entry opened by a plain link (the menu's) has no key of its own: give it one to remember it by.
    if (!keyed && tab === LIST_TAB) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: location.state });
    }
  }, [keyed, tab, navigate, location.pathname, location.search, location.state]);
  useEffect(() => {
    if (tab === LIST_TAB && keyed) rememberVisit(user.id, location.key, JSON.parse(visit));
  }, [tab, keyed, user.id, location.key, visit]);

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
          <a
            href={LIST_HREF}
            className="clients-page__home"
            onClick={(event) => reloadToList(event, user.id)}
          >
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
