import type { FormEvent } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import type { ClientFormValues } from './clientFormValues.ts';
import { FormActions } from './FormActions.tsx';
import { AddressSection } from './sections/AddressSection.tsx';
import { ContactSection } from './sections/ContactSection.tsx';
import { IdentitySection } from './sections/IdentitySection.tsx';
import { PersonalSection } from './sections/PersonalSection.tsx';
import { RelatedSection } from './sections/RelatedSection.tsx';
import { StatusSection } from './sections/StatusSection.tsx';

interface ClientFormProps {
  form: UseFormReturn<ClientFormValues>;
  submit: (event?: FormEvent) => Promise<void>;
  otherProblems: string[];
  showTaxNumber: boolean;
  /** The client being updated (absent on create). */
  selfId?: number;
  submitLabel: string;
  onCancel: () => void;
}

/** Every field of the client (spec section 3), grouped; shared by New client and Update client. */
export function ClientForm({
  form,
  submit,
  otherProblems,
  showTaxNumber,
  selfId,
  submitLabel,
  onCancel,
}: ClientFormProps) {
  return (
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
        <p className="client-form__legend-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
          <IdentitySection />
          <ContactSection />
          <PersonalSection />
          <AddressSection />
          <RelatedSection selfId={selfId} />
          <StatusSection showTaxNumber={showTaxNumber} />
        </fieldset>
        <FormActions submitLabel={submitLabel} onCancel={onCancel} otherProblems={otherProblems} />
      </form>
    </FormProvider>
  );
}
