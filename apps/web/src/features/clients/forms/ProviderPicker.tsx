import { usePickerSearches } from '../../../api/clientForms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { SearchPicker } from '../../../components/form/SearchPicker.tsx';
import type { ProviderChoice } from './healthcare/healthcareValues.ts';

const detail = (p: ProviderChoice) =>
  [p.kind, p.practiceNumber && `practice ${p.practiceNumber}`].filter(Boolean).join(' · ');

/** The practice's healthcare providers (medical schemes, the Road Accident Fund) by name. */
export function ProviderPicker({ name, label }: { name: string; label: string }) {
  const { user } = useSession();
  const searches = usePickerSearches(user.companyId);
  return (
    <SearchPicker<ProviderChoice>
      name={name}
      label={label}
      search={(query) => searches.providers(query)}
      display="name"
      itemTemplate={(p) => (
        <div className="picker-item">
          <span className="picker-item__name">{p.name}</span>
          {detail(p) && <span className="picker-item__detail">{detail(p)}</span>}
        </div>
      )}
      describe={(p) => detail(p) || undefined}
      emptyMessage="No providers found."
      placeholder="Search providers by name"
      wide
    />
  );
}
