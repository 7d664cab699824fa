import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { YES_NO_OPTIONS } from '../options.ts';

export function ContactSection() {
  return (
    <Section legend="Contact">
      <TextField name="email" label="E-mail" required type="email" inputMode="email" autoComplete="email" />
      <TextField
        name="mobile"
        label="Mobile"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="A mobile number of the address country, e.g. +27 82 123 4567."
      />
      <SelectField name="commStatus" label="Communication allowed" options={YES_NO_OPTIONS} required />
    </Section>
  );
}
