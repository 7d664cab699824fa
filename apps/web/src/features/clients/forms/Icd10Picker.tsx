import { usePickerSearches } from '../../../api/clientForms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { SearchPicker } from '../../../components/form/SearchPicker.tsx';
import { type Icd10Choice, icd10Choice } from './healthcare/healthcareValues.ts';

interface Icd10PickerProps {
  name: string;
  label: string;
  hint?: string;
  warning?: (value: unknown) => string | undefined;
}

const flags = (c: Icd10Choice) =>
  [!c.validPrimary && 'not valid as primary', c.validAsterisk && 'asterisk', c.validDagger && 'dagger']
    .filter(Boolean)
    .join(', ');

/** Asterisk (manifestation) and dagger (aetiology) codes; the primary check is the warning's job. */
const kinds = (c: Icd10Choice) =>
  [c.validAsterisk && 'Asterisk code', c.validDagger && 'Dagger code'].filter(Boolean).join(', ');

/** An ICD-10 diagnosis: codes starting with the text, then descriptions containing it (20 at most). */
export function Icd10Picker({ name, label, hint, warning }: Icd10PickerProps) {
  const { user } = useSession();
  const searches = usePickerSearches(user.companyId);
  return (
    <SearchPicker<Icd10Choice>
      name={name}
      label={label}
      hint={hint}
      warning={warning}
      search={async (query) => (await searches.icd10(query)).map(icd10Choice)}
      display="label"
      itemTemplate={(c) => (
        <div className="picker-item">
          <span className="picker-item__name">
            <strong>{c.code}</strong> — {c.description}
          </span>
          {flags(c) && <span className="picker-item__detail">{flags(c)}</span>}
        </div>
      )}
      describe={(c) => kinds(c) || hint}
      emptyMessage="No ICD-10 codes found."
      placeholder="Type a code or a word, e.g. M54"
    />
  );
}
