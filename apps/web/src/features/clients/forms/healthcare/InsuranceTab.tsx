import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { YES_NO_OPTIONS } from '../options.ts';
import { ProviderPicker } from '../ProviderPicker.tsx';

const PERSON_FIELDS = [
  ['Firstname', 'first name'],
  ['Lastname', 'last name'],
  ['Initials', 'initials'],
  ['Id', 'ID number'],
  ['Code', 'code'],
] as const;

export function InsuranceTab() {
  return (
    <>
      <Section legend="Medical aid">
        <ProviderPicker name="provider" label="Provider" />
        <TextField name="medicalName" label="Medical aid name" />
        <TextField name="medicalNumber" label="Medical aid number" />
        <TextField name="medicalPlan" label="Plan" />
        <TextField name="claimPreference" label="Claim preference" />
        <TextField name="authorisation" label="Authorisation" />
        <SelectField name="inHospital" label="In hospital" options={YES_NO_OPTIONS} clearable />
        <SelectField name="pmb" label="Prescribed minimum benefit (PMB)" options={YES_NO_OPTIONS} clearable />
      </Section>
      <Section legend="Main member">
        {PERSON_FIELDS.map(([suffix, label]) => (
          <TextField key={suffix} name={`medicalMember${suffix}`} label={`Member ${label}`} />
        ))}
      </Section>
      <Section legend="Dependant">
        {PERSON_FIELDS.map(([suffix, label]) => (
          <TextField key={suffix} name={`medicalDependant${suffix}`} label={`Dependant ${label}`} />
        ))}
      </Section>
    </>
  );
}
