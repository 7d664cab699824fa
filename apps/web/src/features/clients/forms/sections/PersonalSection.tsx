import { useFormContext } from 'react-hook-form';
import { DateField } from '../../../../components/form/DateField.tsx';
import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import type { ClientFormValues } from '../clientFormValues.ts';
import { GENDER_OPTIONS } from '../options.ts';

export function PersonalSection() {
  const { watch } = useFormContext<ClientFormValues>();
  const [type, gender, country] = watch(['type', 'gender', 'addressCountry']);
  return (
    <Section legend="Personal">
      <TextField
        name="idNumber"
        label="ID number"
        inputMode={country === 'ZA' ? 'numeric' : 'text'}
        hint={country === 'ZA' ? 'South African ID number, 13 digits.' : undefined}
      />
      <DateField name="dob" label="Date of birth" maxDate={new Date()} hint="yyyy-mm-dd, e.g. 1990-05-17." />
      {type === 'N' && <SelectField name="gender" label="Gender" options={GENDER_OPTIONS} required />}
      {type === 'N' && gender === 'O' && <TextField name="genderOther" label="Other gender" required />}
      <TextField name="category" label="Category" />
    </Section>
  );
}
