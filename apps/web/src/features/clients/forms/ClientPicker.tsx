import { OTHER_MESSAGES } from '@pd/contracts';
import { type ClientPick, type PickerKind, usePickerSearches } from '../../../api/clientForms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { SearchPicker } from '../../../components/form/SearchPicker.tsx';

interface ClientPickerProps {
  name: string;
  label: string;
  /** search: billing and admin pickers; affiliate: juristic clients only. */
  kind: PickerKind;
  /** The client being edited: never offered as its own related client. */
  excludeId?: number;
}

/** Billing, admin or affiliate client: a search of the company's clients by name, e-mail, mobile or id. */
export function ClientPicker({ name, label, kind, excludeId }: ClientPickerProps) {
  const { user } = useSession();
  const searches = usePickerSearches(user.companyId);
  return (
    <SearchPicker<ClientPick>
      name={name}
      label={label}
      search={async (query) => (await searches.clients(kind, query)).filter((c) => c.id !== excludeId)}
      display="name"
      itemTemplate={(c) => (
        <div className="picker-item">
          <span className="picker-item__name">{c.name}</span>
          <span className="picker-item__detail">{c.email ?? 'No e-mail'}</span>
        </div>
      )}
      describe={(c) => `Client ${c.id}${c.email ? ` · ${c.email}` : ''}`}
      emptyMessage={OTHER_MESSAGES.noClientsFound}
      placeholder={kind === 'affiliate' ? 'Search juristic clients' : 'Search by name, e-mail or mobile'}
    />
  );
}
