import { todayIn } from '@pd/contracts';
import { Calendar } from 'primereact/calendar';
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { usePractitioners } from '../../api/diarySettings.ts';
import type { DebtorsParams } from '../../api/reports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { FieldIdPrefix } from '../../components/form/FieldShell.tsx';
import { isoOfPicked, pickedOfIso } from '../../lib/pickedDates.ts';
import type { ProviderChoice } from '../clients/forms/healthcare/healthcareValues.ts';
import { ProviderPicker } from '../clients/forms/ProviderPicker.tsx';

interface DebtorsFiltersProps {
  query: DebtorsParams;
  onChange: (changes: DebtorsParams) => void;
}

/** The medical aid: the healthcare details' provider picker; a filter once one is chosen. */
function MedicalAidPicker({ onChange }: { onChange: (id: number | undefined) => void }) {
  const form = useForm<{ medicalAid: ProviderChoice | string | null }>({
    defaultValues: { medicalAid: null },
  });
  const chosen = form.watch('medicalAid');
  const chosenId = chosen && typeof chosen === 'object' ? chosen.id : undefined;
  const cleared = chosen === null || chosen === '';
  const seen = useRef(chosen);
  useEffect(() => {
    // Only what the user does here changes the filter (a filter from the address stays until then);
    // typed text that is not a choice filters nothing.
    if (seen.current === chosen) return;
    seen.current = chosen;
    if (chosenId !== undefined) onChange(chosenId);
    else if (cleared) onChange(undefined);
  }, [chosen, chosenId, cleared, onChange]);
  return (
    <FormProvider {...form}>
      <FieldIdPrefix value="debtors-">
        <ProviderPicker name="medicalAid" label="Medical aid" />
      </FieldIdPrefix>
    </FormProvider>
  );
}

/** "As at" day (today by default, none after it), practitioner and, for a practice (type H), medical aid. */
export function DebtorsFilters({ query, onChange }: DebtorsFiltersProps) {
  const { user, company } = useSession();
  const practitioners = usePractitioners(user.companyId);
  const today = todayIn(company.timeZone);
  return (
    <search className="admin-filters" aria-label="Debtors' age analysis filters">
      <div className="field">
        <label htmlFor="debtors-asAt">As at</label>
        <Calendar
          inputId="debtors-asAt"
          value={pickedOfIso(query.asAt ?? today)}
          onChange={(e) => onChange({ asAt: e.value instanceof Date ? isoOfPicked(e.value) : undefined })}
          dateFormat="yy-mm-dd"
          placeholder="yyyy-mm-dd"
          showIcon
          showButtonBar
          showOnFocus={false}
          maxDate={pickedOfIso(today) ?? undefined}
        />
      </div>
      <FilterDropdown
        id="debtors-practitioner"
        label="Practitioner"
        value={query.practitionerId ?? null}
        options={(practitioners.data ?? []).map((p) => ({ value: p.userId, label: p.displayName }))}
        onChange={(value) => onChange({ practitionerId: typeof value === 'number' ? value : undefined })}
        clearTo="All practitioners"
      />
      {company.type === 'H' && <MedicalAidPicker onChange={(id) => onChange({ medicalAidId: id })} />}
    </search>
  );
}
