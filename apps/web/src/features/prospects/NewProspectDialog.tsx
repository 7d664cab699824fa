import type { Client } from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { useSession } from '../../app/auth/authContext.ts';
import { CreateClientForm } from '../clients/forms/CreateClientPanel.tsx';

const TITLE_ID = 'new-prospect-title';

/** The New client form, creating a prospect: the same checks and de-duplication as a client's. */
export function NewProspectDialog({
  onCreated,
  onCancel,
}: {
  onCreated: (prospect: Client) => void;
  onCancel: () => void;
}) {
  const { user, company } = useSession();
  return (
    <Dialog
      visible
      header={<span id={TITLE_ID}>New prospect</span>}
      onHide={onCancel}
      style={{ width: 'min(60rem, 96vw)' }}
      data-testid="new-prospect-dialog"
      blockScroll
    >
      <CreateClientForm
        companyId={user.companyId}
        lifecycle="prospect"
        initial={{ addressCountry: company.country }}
        labelledBy={TITLE_ID}
        onDone={onCreated}
        onCancel={onCancel}
      />
    </Dialog>
  );
}
