import { CLIENT_TABS as T } from '@pd/contracts';

export const CLIENTS_ROUTE = '/commonClients';

/** The page's address; `clientId` restricts the list to one client, `itemId` names a product, note or task. */
export function clientsHref(tab: number, clientId?: number, itemId?: number): string {
  const params = new URLSearchParams({ inputActiveTab: String(tab) });
  if (clientId !== undefined) params.set('inputClientId', String(clientId));
  if (itemId !== undefined) params.set('inputItemId', String(itemId));
  return `${CLIENTS_ROUTE}?${params}`;
}

/**
 * Spec section 2, navigation after actions: product screens return to View client products, note screens
 * to View notes, the task view to View tasks. Issue 13: Add task returns to the client's tasks too. Every
 * other panel returns where it was opened from: the list, or a client's record page.
 */
export const RETURN_TAB: Partial<Record<number, number>> = {
  [T.addProduct]: T.viewProducts,
  [T.updateProduct]: T.viewProducts,
  [T.deleteProduct]: T.viewProducts,
  [T.addNote]: T.viewNotes,
  [T.viewNote]: T.viewNotes,
  [T.updateNote]: T.viewNotes,
  [T.deleteNote]: T.viewNotes,
  [T.noteFromTemplate]: T.viewNotes,
  [T.viewTask]: T.viewTasks,
  [T.addTask]: T.viewTasks,
};

export const LIST_TAB = T.list;

/** Spec section 2: the titles of the numbered panels of the Manage Clients screen. */
export const PANEL_TITLES: Record<number, string> = {
  [T.list]: 'Client list',
  [T.newClient]: 'New client',
  [T.healthcare]: 'Advanced healthcare update',
  [T.updateClient]: 'Update client',
  [T.deleteClient]: 'Delete client',
  [T.addProduct]: 'Add product to client',
  [T.viewProducts]: 'View client products',
  [T.addNote]: 'Add note',
  [T.viewNotes]: 'View notes',
  [T.addTask]: 'Add task',
  [T.viewTasks]: 'View tasks',
  [T.statement]: 'Send statement',
  [T.sendEmail]: 'Send e-mail',
  [T.sendSms]: 'Send SMS',
  [T.auditTrail]: 'Add audit trail',
  [T.unpaidNotice]: 'Create unpaid notice',
  [T.createInvoice]: 'Create invoice',
  [T.updateProduct]: 'Update client product',
  [T.deleteProduct]: 'Delete client product',
  [T.viewNote]: 'View note',
  [T.updateNote]: 'Update note',
  [T.viewTask]: 'View task (read-only)',
  [T.deleteNote]: 'Delete note',
  [T.bulkSms]: 'Bulk SMS',
  [T.noteFromTemplate]: 'Add note from template',
  [T.importIntake]: 'Import client intake',
  [T.viewAppointments]: 'View appointments',
};

/** The title of a panel, by its name. */
export const panelTitle = (tab: number): string => PANEL_TITLES[tab] ?? 'Unknown panel';
