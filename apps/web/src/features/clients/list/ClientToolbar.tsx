import { isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Toolbar } from 'primereact/toolbar';
import { useState } from 'react';
import type { ListParams } from '../../../api/clients.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { HelpPanel } from '../HelpPanel.tsx';
import { ComingSoonButton } from './ComingSoonButton.tsx';
import { ContactSupportLink } from './ContactSupportLink.tsx';
import { ExportButton } from './ExportButton.tsx';

interface ClientToolbarProps {
  /** Search and filters of the list as shown, for the export. */
  listParams: ListParams;
  onNewClient: () => void;
}

/** New Client, the actions not built yet (shown as such), Export for administrators, Help and Support. */
export function ClientToolbar({ listParams, onNewClient }: ClientToolbarProps) {
  const { user } = useSession();
  const [helpOpen, setHelpOpen] = useState(false);
  const start = (
    <div className="client-toolbar__group">
      <Button type="button" label="New Client" icon="pi pi-plus" onClick={onNewClient} />
      <ComingSoonButton id="bulk-sms" label="Bulk SMS" icon="pi pi-comments" />
      <ComingSoonButton id="import-intake" label="Import Client Intake" icon="pi pi-upload" />
      {isAdministrator(user) && <ExportButton listParams={listParams} />}
    </div>
  );
  const end = (
    <div className="client-toolbar__group">
      <Button
        type="button"
        label="Help"
        icon="pi pi-question-circle"
        text
        aria-haspopup="dialog"
        onClick={() => setHelpOpen(true)}
      />
      <ContactSupportLink />
    </div>
  );
  return (
    <>
      <Toolbar start={start} end={end} className="client-toolbar" aria-label="Client actions" />
      <HelpPanel visible={helpOpen} onHide={() => setHelpOpen(false)} />
    </>
  );
}
