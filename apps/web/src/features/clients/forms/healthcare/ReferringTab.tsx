import { Section } from '../../../../components/form/Section.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';

export function ReferringTab() {
  return (
    <Section legend="Referring practitioner">
      <TextField name="referringFirstname" label="Practitioner first name" />
      <TextField name="referringLastname" label="Practitioner last name" />
      <TextField name="referringEmail" label="Practitioner e-mail" type="email" inputMode="email" />
      <TextField name="referringMobile" label="Practitioner mobile" type="tel" inputMode="tel" />
      <TextField name="referringRegistrationNumber" label="Registration number" />
      <TextField name="referringPracticeNumber" label="Practice number" />
      <TextField name="referringQualification" label="Qualification" wide />
    </Section>
  );
}
