import { type CompanyType, ROW_ACTIONS, type RowAction } from '@pd/contracts';
import type { ComponentType } from 'react';
import { CreateInvoicePanel, StatementPanel, UnpaidNoticePanel } from '../billing/index.ts';
import { CreateClientPanel, HealthcarePanel, UpdateClientPanel } from '../forms/index.tsx';
import { ImportIntakePanel } from '../intake/index.ts';
import { AuditTrailPanel, BulkSmsPanel, SendEmailPanel, SendSmsPanel } from '../messaging/index.ts';
import {
  AddNotePanel,
  DeleteNotePanel,
  NoteFromTemplatePanel,
  NotesPanel,
  NoteViewPanel,
  UpdateNotePanel,
} from '../notes/index.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import {
  AddProductPanel,
  ClientProductsPanel,
  DeleteProductPanel,
  UpdateProductPanel,
} from '../products/index.ts';
import { AddTaskPanel, ClientTasksPanel, ViewTaskPanel } from '../tasks/index.ts';
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
  2: { component: CreateClientPanel, needsClient: false },
  3: { component: HealthcarePanel, needsClient: true, companyTypes: ['H'] },
  4: { component: UpdateClientPanel, needsClient: true },
  5: { component: DeleteClientPanel, needsClient: true },
  6: { component: AddProductPanel, needsClient: true },
  7: { component: ClientProductsPanel, needsClient: true },
  8: { component: AddNotePanel, needsClient: true },
  9: { component: NotesPanel, needsClient: true },
  10: { component: AddTaskPanel, needsClient: true },
  11: { component: ClientTasksPanel, needsClient: true },
  12: { component: StatementPanel, needsClient: true },
  13: { component: SendEmailPanel, needsClient: true },
  14: { component: SendSmsPanel, needsClient: true },
  15: { component: AuditTrailPanel, needsClient: true },
  16: { component: UnpaidNoticePanel, needsClient: true },
  17: { component: CreateInvoicePanel, needsClient: true },
  18: { component: UpdateProductPanel, needsClient: true },
  19: { component: DeleteProductPanel, needsClient: true },
  20: { component: NoteViewPanel, needsClient: true },
  21: { component: UpdateNotePanel, needsClient: true },
  22: { component: ViewTaskPanel, needsClient: true },
  23: { component: DeleteNotePanel, needsClient: true },
  24: { component: BulkSmsPanel, needsClient: false },
  25: { component: NoteFromTemplatePanel, needsClient: true },
  26: { component: ImportIntakePanel, needsClient: false },
};

export function panelFor(tab: number, companyType: CompanyType): PanelEntry | undefined {
  const entry = PANELS[tab];
  return entry && (!entry.companyTypes || entry.companyTypes.includes(companyType)) ? entry : undefined;
}

/** rowActionsFor(...) narrowed to the actions whose panel exists. */
export const implementedActions = (actions: readonly RowAction[], companyType: CompanyType): RowAction[] =>
  actions.filter((action) => panelFor(ROW_ACTIONS[action].tab, companyType) !== undefined);
