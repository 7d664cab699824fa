import { type CompanyType, ROW_ACTIONS, type RowAction } from '@pd/contracts';
import type { ComponentType } from 'react';
import { CreateClientPanel, HealthcarePanel, UpdateClientPanel } from '../forms/index.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
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
};

export function panelFor(tab: number, companyType: CompanyType): PanelEntry | undefined {
  const entry = PANELS[tab];
  return entry && (!entry.companyTypes || entry.companyTypes.includes(companyType)) ? entry : undefined;
}

/** rowActionsFor(...) narrowed to the actions whose panel exists. */
export const implementedActions = (actions: readonly RowAction[], companyType: CompanyType): RowAction[] =>
  actions.filter((action) => panelFor(ROW_ACTIONS[action].tab, companyType) !== undefined);
