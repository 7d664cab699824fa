import type { CompanyType } from '@pd/contracts';
import { HEALTHCARE_NOT_AVAILABLE } from '../forms/HealthcarePanel.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { PanelNotice } from './PanelNotice.tsx';
import { panelFor } from './registry.ts';

interface PanelHostProps extends ClientPanelProps {
  tab: number;
  companyType: CompanyType;
}

/** Shows the panel the address asks for, or says plainly why it cannot. */
export function PanelHost({
  tab,
  companyType,
  clientId,
  itemId,
  onDone,
  onCancel,
  openPanel,
}: PanelHostProps) {
  const entry = panelFor(tab, companyType);
  const title = PANEL_TITLES[tab] ?? 'Unknown panel';
  if (!entry && tab === 3 && companyType !== 'H') {
    return (
      <PanelNotice title={title} icon="pi pi-heart">
        {HEALTHCARE_NOT_AVAILABLE}
      </PanelNotice>
    );
  }
  if (!entry) {
    return (
      <PanelNotice title={title} icon="pi pi-wrench">
        This panel is not available yet.
      </PanelNotice>
    );
  }
  if (entry.needsClient && clientId === undefined) {
    return (
      <PanelNotice title={title} icon="pi pi-user">
        Choose a client in the list first: this panel acts on one client.
      </PanelNotice>
    );
  }
  const Panel = entry.component;
  return (
    <Panel
      key={`${tab}:${clientId ?? ''}:${itemId ?? ''}`}
      clientId={clientId}
      itemId={itemId}
      onDone={onDone}
      onCancel={onCancel}
      openPanel={openPanel}
    />
  );
}
