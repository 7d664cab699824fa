import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { clientsHref, LIST_TAB } from './tabs.ts';

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** Remembered while a panel is open, so Cancel and Done come back to the list the user left. */
interface PanelState {
  listClientId?: number;
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
  const listClientId =
    tab === LIST_TAB ? clientId : ((location.state as PanelState | null)?.listClientId ?? undefined);

  const openTab = useCallback(
    (next: number, nextClientId?: number, nextItemId?: number) => {
      const state: PanelState = { listClientId };
      navigate(clientsHref(next, nextClientId, nextItemId), { state });
    },
    [navigate, listClientId],
  );

  /** Back to the list the user came from; a client that no longer exists is not kept as the filter. */
  const backToList = useCallback(
    (deletedId?: number) => {
      const keep = listClientId !== undefined && listClientId !== deletedId ? listClientId : undefined;
      navigate(clientsHref(LIST_TAB, keep));
    },
    [navigate, listClientId],
  );

  const showAll = useCallback(() => navigate(clientsHref(LIST_TAB)), [navigate]);

  return { tab, clientId, itemId, openTab, backToList, showAll };
}
