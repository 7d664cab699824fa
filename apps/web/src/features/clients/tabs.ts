export const CLIENTS_ROUTE = '/commonClients';

/** The page's address; `clientId` restricts the list to one client, `itemId` names a product, note or task. */
export function clientsHref(tab: number, clientId?: number, itemId?: number): string {
  const params = new URLSearchParams({ inputActiveTab: String(tab) });
  if (clientId !== undefined) params.set('inputClientId', String(clientId));
  if (itemId !== undefined) params.set('inputItemId', String(itemId));
  return `${CLIENTS_ROUTE}?${params}`;
}

/** Spec section 2, navigation after actions: product screens return to 7, note screens to 9, the task view to 11. */
export const RETURN_TAB: Partial<Record<number, number>> = {
  6: 7,
  18: 7,
  19: 7,
  8: 9,
  20: 9,
  21: 9,
  23: 9,
  25: 9,
  22: 11,
};

export const LIST_TAB = 1;

/** Spec section 2: the numbered panels of the Manage Clients screen. */
export const PANEL_TITLES: Record<number, string> = {
  1: 'Client list',
  2: 'New client',
  3: 'Advanced healthcare update',
  4: 'Update client',
  5: 'Delete client',
  6: 'Add product to client',
  7: 'View client products',
  8: 'Add note',
  9: 'View notes',
  10: 'Add task',
  11: 'View tasks',
  12: 'Send statement',
  13: 'Send e-mail',
  14: 'Send SMS',
  15: 'Add audit trail',
  16: 'Create unpaid notice',
  17: 'Create invoice',
  18: 'Update client product',
  19: 'Delete client product',
  20: 'View note',
  21: 'Update note',
  22: 'View task (read-only)',
  23: 'Delete note',
  24: 'Bulk SMS',
  25: 'Add note from template',
  26: 'Import client intake',
};
