// Spec section 8, word for word. The web maps error codes and outcomes to these.
export const TOAST_LIFE_MS = 3000;
export const TOAST_SUMMARY = { error: 'Error', success: 'Successful' } as const;

export const ERROR_MESSAGES = {
  createClient: 'Failed to create client. Please try again.',
  updateClient: 'Failed to update client. Please try again.',
  deleteClient: 'Failed to delete client. Please try again.',
  addProduct: 'Failed to add product for client. Please try again.',
  updateProduct: 'Failed to update product for client. Please try again.',
  deleteProduct: 'Failed to delete product for client. Please try again.',
  addNote: 'Failed to add note for client. Please try again.',
  updateNote: 'Failed to update note for client. Please try again.',
  deleteNote: 'Failed to delete note for client. Please try again.',
  addTask: 'Failed to add task. Please try again.',
  emailStatement: 'Failed to email statement. Please try again.',
  downloadStatement: 'Failed to download statement. Please try again.',
  sendEmail: 'Failed to send email. Please try again.',
  sendSms: 'Failed to send SMS. Please try again.',
  addAuditTrail: 'Failed to add audit trail for client. Please try again.',
  createUnpaidNotice: 'Failed to create unpaid notice. Please try again.',
  createInvoice: 'Failed to create invoice. Please try again.',
  bulkSms: 'Failed to send Bulk SMS. Please try again.',
  importIntake: 'Import of client intake NOT successful.',
  noFileSelected: 'No file selected.',
  exportClients: 'Failed to export client information. Please try again.',
  selectValidOption: 'Please select a valid option.',
} as const;

export const SUCCESS_MESSAGES = {
  createClient: 'Created client.',
  updateClient: 'Updated client.',
  deleteClient: 'Deleted client.',
  addProduct: 'Added product for client.',
  updateProduct: 'Updated product for client.',
  deleteProduct: 'Deleted product for client.',
  addNote: 'Added note for client.',
  updateNote: 'Updated note for client.',
  deleteNote: 'Deleted note for client.',
  addTask: 'Added task.',
  emailStatement: 'Emailed statement.',
  downloadStatement: 'Downloaded statement.',
  sendEmail: 'Sent email.',
  sendSms: 'Sent SMS.',
  addAuditTrail: 'Add audit trail for client.',
  createUnpaidNotice: 'Create unpaid notice.',
  createInvoice: 'Created invoice.',
  bulkSms: 'Processed Bulk SMS.',
  importIntake: 'Imported client intake.',
  exportClients: 'Exported client information.',
} as const;

export const OTHER_MESSAGES = {
  fieldRequired: 'Field is required.',
  noClientsFound: 'No clients found.',
  loadingClients: 'Loading clients. Please wait.',
} as const;

/**
 * Issue 13: a save the server refused for its values (400 naming fields). Trying again as it stands cannot
 * help, so the catalogue text loses its retry advice and points at the fields instead.
 */
export const validationFailureText = (catalogueText: string): string =>
  /\sPlease try again\.$/.test(catalogueText)
    ? catalogueText.replace(/\sPlease try again\.$/, ' Correct the marked fields and save again.')
    : catalogueText;

/** Issue 13: the spec's success first, then what really happened when no provider is configured. */
export const NOT_DELIVERED_NOTES = {
  email: 'It is queued in the outbox but will not be delivered: no e-mail provider is configured.',
  sms: 'It is queued in the outbox but will not be delivered: no SMS provider is configured.',
} as const;

export const withDeliveryNote = (
  success: string,
  channel: keyof typeof NOT_DELIVERED_NOTES,
  providerConfigured: boolean,
): string => (providerConfigured ? success : `${success} ${NOT_DELIVERED_NOTES[channel]}`);
