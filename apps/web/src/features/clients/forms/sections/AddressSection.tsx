import { useFormContext } from 'react-hook-form';
import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import type { ClientFormValues } from '../clientFormValues.ts';
import { COUNTRY_OPTIONS, PROVINCE_OPTIONS, STATE_LABELS, stateKindOf } from '../options.ts';

/** Spec section 2: for ZA the state is a province dropdown, for UK a county, for others a state. */
export function AddressSection() {
  const { watch, setValue } = useFormContext<ClientFormValues>();
  const kind = stateKindOf(watch('addressCountry'));
  const label = STATE_LABELS[kind];

  // A province means nothing as a county or state, and free text is no province: start that field afresh.
  const onCountry = (next: unknown, previous: unknown) => {
    if ((next === 'ZA') !== (previous === 'ZA')) setValue('addressState', '');
  };

  return (
    <Section legend="Address">
      <SelectField
        name="addressCountry"
        label="Country"
        options={COUNTRY_OPTIONS}
        required
        onPicked={onCountry}
      />
      <TextField name="address1" label="Address line 1" required autoComplete="address-line1" />
      <TextField name="address2" label="Address line 2" autoComplete="address-line2" />
      <TextField name="addressRegion" label="Region" required autoComplete="address-level2" />
      {kind === 'province' ? (
        <SelectField key="province" name="addressState" label={label} options={PROVINCE_OPTIONS} required />
      ) : (
        <TextField key={kind} name="addressState" label={label} required autoComplete="address-level1" />
      )}
      <TextField name="addressPostalCode" label="Postal code" required autoComplete="postal-code" />
    </Section>
  );
}
