/**
 * Spec section 2: the numbered panels (tabs) of the Manage Clients screen. The address carries the number
 * (inputActiveTab), so the values are the spec's and never change; code names them instead.
 */
export const CLIENT_TABS = {
  list: 1,
  newClient: 2,
  healthcare: 3,
  updateClient: 4,
  deleteClient: 5,
  addProduct: 6,
  viewProducts: 7,
  addNote: 8,
  viewNotes: 9,
  addTask: 10,
  viewTasks: 11,
  statement: 12,
  sendEmail: 13,
  sendSms: 14,
  auditTrail: 15,
  unpaidNotice: 16,
  createInvoice: 17,
  updateProduct: 18,
  deleteProduct: 19,
  viewNote: 20,
  updateNote: 21,
  viewTask: 22,
  deleteNote: 23,
  bulkSms: 24,
  noteFromTemplate: 25,
  importIntake: 26,
  /** Issue 15: the client's appointments, past and upcoming (advanced view). */
  viewAppointments: 27,
} as const;

export type ClientTabName = keyof typeof CLIENT_TABS;
export type ClientTab = (typeof CLIENT_TABS)[ClientTabName];
