import { TextField } from '../fields/TextField.tsx';
import { Section } from '../sections/Section.tsx';

export function RafTab() {
  return (
    <Section legend="Road Accident Fund claim">
      <TextField name="rafLinkNumber" label="RAF link number" />
      <TextField name="region" label="Region" />
    </Section>
  );
}
