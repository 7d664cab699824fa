import { ROLES } from './roles.ts';

/** Spec section 2, "Row actions" of the client list, with the panel (tab) each one opens. */
export const ROW_ACTIONS = {
  update: { label: 'Update', tab: 4 },
  updateAdvanced: { label: 'Update Advanced', tab: 3 },
  delete: { label: 'Delete', tab: 5 },
  addNote: { label: 'Add Note', tab: 8 },
  viewNotes: { label: 'View Notes', tab: 9 },
  addProduct: { label: 'Add Product', tab: 6 },
  addTask: { label: 'Add Task', tab: 10 },
  viewTasks: { label: 'View Tasks', tab: 11 },
  createInvoice: { label: 'Create Invoice', tab: 17 },
  viewProducts: { label: 'View Products', tab: 7 },
  sendEmail: { label: 'Send Email', tab: 13 },
  sendSms: { label: 'Send SMS', tab: 14 },
  addAuditTrail: { label: 'Add Audit Trail', tab: 15 },
  createUnpaidNotice: { label: 'Create Unpaid Notice', tab: 16 },
  /** Issue 15: the client's appointments (not in the spec's list; advanced view only). */
  viewAppointments: { label: 'View Appointments', tab: 27 },
} as const;
export type RowAction = keyof typeof ROW_ACTIONS;
export type ClientView = 'basic' | 'advanced';

export interface RowActionContext {
  companyType: 'H' | 'F';
  roles: readonly string[];
  enableInvoicing: 'Y' | 'N';
  view: ClientView;
}

const ADVANCED_ONLY: RowAction[] = [
  'viewProducts',
  'sendEmail',
  'sendSms',
  'addAuditTrail',
  'createUnpaidNotice',
  'viewAppointments',
];

/** The actions a user gets on a client row, in menu order. */
export function rowActionsFor(ctx: RowActionContext): RowAction[] {
  const actions: RowAction[] = ['update'];
  if (ctx.companyType === 'H') actions.push('updateAdvanced');
  actions.push('delete', 'addNote', 'viewNotes', 'addProduct');
  if (!ctx.roles.includes(ROLES.practice)) actions.push('addTask', 'viewTasks');
  const invoicing = ctx.enableInvoicing !== 'N' && !(ctx.view === 'basic' && ctx.roles.includes(ROLES.rise));
  if (invoicing) actions.push('createInvoice');
  if (ctx.view === 'advanced') actions.push(...ADVANCED_ONLY);
  return actions;
}

/** Whether an action is open to the user in some view (the API's check: it cannot see the view). */
export function mayUseRowAction(action: RowAction, ctx: Omit<RowActionContext, 'view'>): boolean {
  return rowActionsFor({ ...ctx, view: 'advanced' }).includes(action);
}
