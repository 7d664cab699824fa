import { useWatch } from 'react-hook-form';
import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import type { ClientFormValues } from '../clientFormValues.ts';
import { STATUS_OPTIONS, YES_NO_OPTIONS } from '../options.ts';

/** taxNumber only for a tax-registered client: its own taxRegistered, not the company's (spec sections 2, 3). */
export function StatusSection() {
  const showTaxNumber = useWatch<ClientFormValues, 'taxRegistered'>({ name: 'taxRegistered' }) === 'Y';
  return (
    <Section legend="Status">
      <SelectField name="status" label="Status" options={STATUS_OPTIONS} required />
      <SelectField name="taxRegistered" label="Tax registered" options={YES_NO_OPTIONS} required />
      {showTaxNumber && <TextField name="taxNumber" label="Tax number" />}
    </Section>
  );
}
