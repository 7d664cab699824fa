import { CLIENT_TABS, type CompanyType } from '@pd/contracts';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { HEALTHCARE_NOT_AVAILABLE } from '../forms/HealthcarePanel.tsx';
import { panelTitle } from '../tabs.ts';
import { panelFor } from './registry.ts';
import { UnavailablePanel } from './UnavailablePanel.tsx';

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
  onCreated,
}: PanelHostProps) {
  const entry = panelFor(tab, companyType);
  const title = panelTitle(tab);
  if (!entry && tab === CLIENT_TABS.healthcare && companyType !== 'H') {
    return (
      <UnavailablePanel title={title} icon="pi pi-heart">
        {HEALTHCARE_NOT_AVAILABLE}
      </UnavailablePanel>
    );
  }
  if (!entry) {
    return (
      <UnavailablePanel title={title} icon="pi pi-wrench">
        This panel is not available yet.
      </UnavailablePanel>
    );
  }
  if (entry.needsClient && clientId === undefined) {
    return (
      <UnavailablePanel title={title} icon="pi pi-user">
        Choose a client in the list first: this panel acts on one client.
      </UnavailablePanel>
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
      onCreated={onCreated}
    />
  );
}
