/**
 * The seam between the Clients page (which owns the URL: inputActiveTab, inputClientId) and its panels.
 * A panel never navigates by itself: it calls onDone after a successful action (the page returns to the
 * tab the spec gives and the client list reloads) or onCancel (back to tab 1).
 */
export interface ClientPanelProps {
  /** The client acted on; absent for New Client. */
  clientId?: number;
  onDone: () => void;
  onCancel: () => void;
}

/** Every client query key starts with this, so one invalidation refreshes lists, pickers and records. */
export const CLIENTS_QUERY_ROOT = 'clients';
