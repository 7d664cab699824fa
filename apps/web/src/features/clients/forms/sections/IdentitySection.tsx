import { InputText } from 'primereact/inputtext';
import { useFormContext } from 'react-hook-form';
import { Section } from '../../../../components/form/Section.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import type { ClientFormValues } from '../clientFormValues.ts';
import { TYPE_OPTIONS } from '../options.ts';

/** Spec section 2: type N asks for first, last and preferred name; type J for the name. */
export function IdentitySection() {
  const { watch } = useFormContext<ClientFormValues>();
  const [type, firstName, lastName] = watch(['type', 'firstName', 'lastName']);
  const builtName = `${firstName.trim()} ${lastName.trim()}`.trim();
  return (
    <Section legend="Identity">
      <SelectField name="type" label="Type" options={TYPE_OPTIONS} required />
      {type === 'J' ? (
        <TextField name="name" label="Name" required autoComplete="organization" />
      ) : (
        <>
          {/* Spec section 5: for type N the API builds the name from first and last name. */}
          <div className="field client-form__field">
            <label htmlFor="cf-builtName">Name</label>
            <InputText
              id="cf-builtName"
              value={builtName}
              readOnly
              placeholder="Built from first and last name"
              aria-describedby="cf-builtName-hint"
              className="client-form__readonly"
            />
            <small id="cf-builtName-hint" className="client-form__hint">
              Built from first and last name.
            </small>
          </div>
          <TextField name="firstName" label="First name" required autoComplete="given-name" />
          <TextField name="lastName" label="Last name" required autoComplete="family-name" />
          <TextField name="preferredName" label="Preferred name" required autoComplete="nickname" />
        </>
      )}
    </Section>
  );
}
