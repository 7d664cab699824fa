/**
 * The seam between the Clients page (which owns the URL: inputActiveTab, inputClientId, inputItemId) and
 * its panels. A panel never navigates by itself: it calls onDone after a successful action (the page goes
 * to the tab the spec gives: product screens 7, note screens 9, the task view 11, others 1; the client
 * queries reload), onCancel (back to tab 1), or openPanel to open another panel of the same client
 * (e.g. View notes opening View note 20 for one note).
 */
export interface ClientPanelProps {
  /** The client acted on; absent for New Client. */
  clientId?: number;
  /** The product, note or task acted on (tabs 18 to 23). */
  itemId?: number;
  onDone: () => void;
  onCancel: () => void;
  openPanel?: (tab: number, itemId?: number) => void;
  /** New client: after it is created, in place of onDone (the page opens its record). */
  onCreated?: (clientId: number) => void;
}
