import { type CompanyType, ROW_ACTIONS, type RowAction, CLIENT_TABS as T } from '@pd/contracts';
import type { ComponentType } from 'react';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { ClientAppointmentsPanel } from '../../client-appointments/index.ts';
import {
  AddProductPanel,
  ClientProductsPanel,
  DeleteProductPanel,
  UpdateProductPanel,
} from '../../client-products/index.ts';
import { ImportIntakePanel } from '../../intake/index.ts';
import { CreateInvoicePanel, StatementPanel, UnpaidNoticePanel } from '../../invoices/panels.ts';
import { AuditTrailPanel, BulkSmsPanel, SendEmailPanel, SendSmsPanel } from '../../messaging/index.ts';
import {
  AddNotePanel,
  DeleteNotePanel,
  NoteFromTemplatePanel,
  NotesPanel,
  NoteViewPanel,
  UpdateNotePanel,
} from '../../notes/index.ts';
import { AddTaskPanel, ClientTasksPanel, ViewTaskPanel } from '../../tasks/index.ts';
import { CreateClientPanel, HealthcarePanel, UpdateClientPanel } from '../forms/index.tsx';
import { DeleteClientPanel } from './DeleteClientPanel.tsx';

interface PanelEntry {
  component: ComponentType<ClientPanelProps>;
  /** Acting on a client needs its id (spec section 5). */
  needsClient: boolean;
  /** Company types the panel exists for; all when absent. */
  companyTypes?: readonly CompanyType[];
}

/**
 * The panels that exist today. A later issue that builds a panel adds its line here, and the row menu
 * offers the matching action from then on.
 */
const PANELS: Partial<Record<number, PanelEntry>> = {
  [T.newClient]: { component: CreateClientPanel, needsClient: false },
  [T.healthcare]: { component: HealthcarePanel, needsClient: true, companyTypes: ['H'] },
  [T.updateClient]: { component: UpdateClientPanel, needsClient: true },
  [T.deleteClient]: { component: DeleteClientPanel, needsClient: true },
  [T.addProduct]: { component: AddProductPanel, needsClient: true },
  [T.viewProducts]: { component: ClientProductsPanel, needsClient: true },
  [T.addNote]: { component: AddNotePanel, needsClient: true },
  [T.viewNotes]: { component: NotesPanel, needsClient: true },
  [T.addTask]: { component: AddTaskPanel, needsClient: true },
  [T.viewTasks]: { component: ClientTasksPanel, needsClient: true },
  [T.statement]: { component: StatementPanel, needsClient: true },
  [T.sendEmail]: { component: SendEmailPanel, needsClient: true },
  [T.sendSms]: { component: SendSmsPanel, needsClient: true },
  [T.auditTrail]: { component: AuditTrailPanel, needsClient: true },
  [T.unpaidNotice]: { component: UnpaidNoticePanel, needsClient: true },
  [T.createInvoice]: { component: CreateInvoicePanel, needsClient: true },
  [T.updateProduct]: { component: UpdateProductPanel, needsClient: true },
  [T.deleteProduct]: { component: DeleteProductPanel, needsClient: true },
  [T.viewNote]: { component: NoteViewPanel, needsClient: true },
  [T.updateNote]: { component: UpdateNotePanel, needsClient: true },
  [T.viewTask]: { component: ViewTaskPanel, needsClient: true },
  [T.deleteNote]: { component: DeleteNotePanel, needsClient: true },
  [T.bulkSms]: { component: BulkSmsPanel, needsClient: false },
  [T.noteFromTemplate]: { component: NoteFromTemplatePanel, needsClient: true },
  [T.importIntake]: { component: ImportIntakePanel, needsClient: false },
  [T.viewAppointments]: { component: ClientAppointmentsPanel, needsClient: true },
};

export function panelFor(tab: number, companyType: CompanyType): PanelEntry | undefined {
  const entry = PANELS[tab];
  return entry && (!entry.companyTypes || entry.companyTypes.includes(companyType)) ? entry : undefined;
}

/** rowActionsFor(...) narrowed to the actions whose panel exists. */
export const implementedActions = (actions: readonly RowAction[], companyType: CompanyType): RowAction[] =>
  actions.filter((action) => panelFor(ROW_ACTIONS[action].tab, companyType) !== undefined);
