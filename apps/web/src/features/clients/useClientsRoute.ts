import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { releaseAllForms } from '../../app/leave/unsavedForms.ts';
import { recordClientOf, returnPath } from '../client-record/recordHref.ts';
import { clientsHref, LIST_TAB } from './tabs.ts';

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/**
 * Remembered while a panel is open, so Cancel and Done come back where the user was: the list they left,
 * or the page the panel was opened from (a client's record page, the invoices).
 */
export interface PanelState {
  listClientId?: number;
  /** An in-app path (`/client/12?section=notes`); absent when the panel was opened from the list. */
  returnTo?: string;
}

/** The open panel, client and item live in the address (inputActiveTab, inputClientId, inputItemId). */
export function useClientsRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rawTab = params.get('inputActiveTab');
  const tab = rawTab === null ? LIST_TAB : (positiveInt(rawTab) ?? Number.NaN);
  const clientId = positiveInt(params.get('inputClientId'));
  const itemId = positiveInt(params.get('inputItemId'));
  const state = tab === LIST_TAB ? null : (location.state as PanelState | null);
  const listClientId = tab === LIST_TAB ? clientId : (state?.listClientId ?? undefined);
  const returnTo = state?.returnTo;

  const openTab = useCallback(
    (next: number, nextClientId?: number, nextItemId?: number) => {
      const nextState: PanelState = { listClientId, returnTo };
      navigate(clientsHref(next, nextClientId, nextItemId), { state: nextState });
    },
    [navigate, listClientId, returnTo],
  );

  /** Back to the list the user came from; a client that no longer exists is not kept as the filter. */
  const backToList = useCallback(
    (deletedId?: number) => {
      const keep = listClientId !== undefined && listClientId !== deletedId ? listClientId : undefined;
      navigate(clientsHref(LIST_TAB, keep));
    },
    [navigate, listClientId],
  );

  /**
   * After an action: the spec's return tab (as a section of the record page when the panel was opened from
   * one), else where the panel was opened from, else the list.
   */
  const afterAction = useCallback(
    (returnTab: number | undefined, deletedId?: number) => {
      // A deleted client's record page is gone: the list instead.
      const gone =
        deletedId !== undefined && returnTo !== undefined && recordClientOf(returnTo) === deletedId;
      if (returnTo !== undefined && !gone) {
        navigate(returnPath(returnTo, returnTab));
      } else if (returnTab !== undefined) {
        openTab(returnTab, clientId);
      } else {
        backToList(deletedId);
      }
    },
    [navigate, returnTo, openTab, backToList, clientId],
  );

  /**
   * Cancel: back to the page the panel was opened from, else the list (spec section 2: tab 1). Every
   * panel's Cancel comes here, so the changes it drops do not ask "Leave this page?".
   */
  const cancel = useCallback(() => {
    releaseAllForms();
    if (returnTo !== undefined) navigate(returnTo);
    else backToList();
  }, [navigate, returnTo, backToList]);

  const showAll = useCallback(() => navigate(clientsHref(LIST_TAB)), [navigate]);

  return { tab, clientId, itemId, openTab, backToList, afterAction, cancel, showAll };
}
