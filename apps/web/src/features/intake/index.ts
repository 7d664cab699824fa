export { ImportIntakePanel } from './ImportIntakePanel.tsx';
export { IntakeReportDialog } from './IntakeReportDialog.tsx';
