import { CLIENT_TABS, isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Toolbar } from 'primereact/toolbar';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ListParams } from '../../../api/clients.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { IntakeReportDialog } from '../../intake/index.ts';
import { invoicesHref } from '../../invoices/useInvoiceSearch.ts';
import { HelpPanel } from '../HelpPanel.tsx';
import { clientsHref } from '../tabs.ts';
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
  const navigate = useNavigate();
  const start = (
    <div className="client-toolbar__group">
      <Button type="button" label="New Client" icon="pi pi-plus" onClick={onNewClient} />
      <Button
        type="button"
        label="Bulk SMS"
        icon="pi pi-comments"
        outlined
        onClick={() => navigate(clientsHref(CLIENT_TABS.bulkSms))}
      />
      <Button
        type="button"
        label="Import Client Intake"
        icon="pi pi-upload"
        outlined
        onClick={() => navigate(clientsHref(CLIENT_TABS.importIntake))}
      />
      {isAdministrator(user) && <ExportButton listParams={listParams} />}
      <Button
        type="button"
        label="Invoices"
        icon="pi pi-file"
        outlined
        onClick={() => navigate(invoicesHref())}
      />
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
      <IntakeReportDialog />
    </>
  );
}
