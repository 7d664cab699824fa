export const CLIENTS_ROUTE = '/commonClients';

/** The list's address; `clientId` restricts it to one client. */
export function clientsHref(tab: number, clientId?: number): string {
  const params = new URLSearchParams({ inputActiveTab: String(tab) });
  if (clientId !== undefined) params.set('inputClientId', String(clientId));
  return `${CLIENTS_ROUTE}?${params}`;
}

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
