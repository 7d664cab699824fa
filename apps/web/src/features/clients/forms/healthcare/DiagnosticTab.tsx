import { Section } from '../../../../components/form/Section.tsx';
import { Icd10Picker } from '../Icd10Picker.tsx';
import { DIAGNOSIS_FIELDS, type Icd10Choice, primaryWarning } from './healthcareValues.ts';

interface DiagnosticTabProps {
  /** Diagnosis 1 as loaded, and the API's warnings about it. */
  loadedPrimary: string | null;
  apiWarning: string | undefined;
}

/** Diagnosis 1 is the primary; a code not valid as primary is accepted but flagged (docs/api.md). */
export function DiagnosticTab({ loadedPrimary, apiWarning }: DiagnosticTabProps) {
  const warnPrimary = (value: unknown) => {
    if (!value || typeof value !== 'object') return undefined;
    const chosen = value as Icd10Choice;
    if (chosen.code === loadedPrimary && apiWarning) return apiWarning;
    return chosen.validPrimary ? undefined : primaryWarning(chosen.code);
  };
  return (
    <Section legend="Diagnoses">
      {DIAGNOSIS_FIELDS.map((name, i) => (
        <Icd10Picker
          key={name}
          name={name}
          label={i === 0 ? 'Diagnosis 1 (primary)' : `Diagnosis ${i + 1}`}
          warning={i === 0 ? warnPrimary : undefined}
        />
      ))}
    </Section>
  );
}
