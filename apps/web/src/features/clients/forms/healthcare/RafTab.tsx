import { Section } from '../../../../components/form/Section.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';

export function RafTab() {
  return (
    <Section legend="Road Accident Fund claim">
      <TextField name="rafLinkNumber" label="RAF link number" />
      <TextField name="region" label="Region" />
    </Section>
  );
}
