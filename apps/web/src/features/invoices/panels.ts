export { CreateInvoicePanel } from './CreateInvoicePanel.tsx';
export { StatementPanel } from './StatementPanel.tsx';
export { UnpaidNoticePanel } from './UnpaidNoticePanel.tsx';
