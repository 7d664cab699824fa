import { SelectField } from '../fields/SelectField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { STATUS_OPTIONS, YES_NO_OPTIONS } from '../options.ts';
import { Section } from './Section.tsx';

/** taxNumber only for a tax-registered company (spec section 2). */
export function StatusSection({ showTaxNumber }: { showTaxNumber: boolean }) {
  return (
    <Section legend="Status">
      <SelectField name="status" label="Status" options={STATUS_OPTIONS} required />
      <SelectField name="taxRegistered" label="Tax registered" options={YES_NO_OPTIONS} required />
      {showTaxNumber && <TextField name="taxNumber" label="Tax number" />}
    </Section>
  );
}
