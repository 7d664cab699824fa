// The messaging and records panels of the Clients page: tabs 13, 14, 15 and 24.
export { AuditTrailPanel } from './AuditTrailPanel.tsx';
export { BulkSmsPanel } from './BulkSmsPanel.tsx';
export { SendEmailPanel } from './SendEmailPanel.tsx';
export { SendSmsPanel } from './SendSmsPanel.tsx';
