import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { type ReactNode, useState } from 'react';
import { FormActions } from '../../../components/form/FormActions.tsx';
import { FormShell } from '../../../components/form/FormShell.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { clientFormSchema, formFieldOf, isShownClientField } from './clientFormSchema.ts';
import type { ClientFormValues } from './clientFormValues.ts';
import { AddressSection } from './sections/AddressSection.tsx';
import { ContactSection } from './sections/ContactSection.tsx';
import { IdentitySection } from './sections/IdentitySection.tsx';
import { PersonalSection } from './sections/PersonalSection.tsx';
import { RelatedSection } from './sections/RelatedSection.tsx';
import { StatusSection } from './sections/StatusSection.tsx';

const MESSAGES = {
  create: { success: SUCCESS_MESSAGES.createClient, failure: ERROR_MESSAGES.createClient, label: 'Create' },
  update: { success: SUCCESS_MESSAGES.updateClient, failure: ERROR_MESSAGES.updateClient, label: 'Update' },
} as const;

interface ClientFormProps {
  action: keyof typeof MESSAGES;
  defaultValues: ClientFormValues;
  /** Sends the checked values (as the API wants them: see toPayload.ts). */
  save: (values: ClientFormValues) => Promise<unknown>;
  /** The client being updated (absent on create): never offered as its own related client. */
  selfId?: number;
  /** The id of the heading that names the form, when it is not the Clients panel's title (a dialog's). */
  labelledBy?: string;
  onDone: () => void;
  onCancel: () => void;
  /** The failure toast, when the catalogue's text is not what happened (a duplicate client). */
  failure?: (error: unknown) => string;
  onFailure?: (error: unknown) => void;
  /** Shown above the buttons (the existing client a new one repeats), and buttons before the submit one. */
  notice?: ReactNode;
  actions?: ReactNode;
}

/** Every field of the client (spec section 3), grouped; New client and Update client. */
export function ClientForm(props: ClientFormProps) {
  const { action, defaultValues, save, selfId, labelledBy, onDone, onCancel, notice, actions } = props;
  const { success, failure, label } = MESSAGES[action];
  const [schema] = useState(() => clientFormSchema());
  const { form, submit, problems } = useContractForm<ClientFormValues, ClientFormValues>({
    schema,
    defaultValues,
    save,
    success,
    failure: props.failure ?? failure,
    onFailure: props.onFailure,
    onDone,
    fieldOf: formFieldOf,
    isShown: (field: string): boolean => isShownClientField(form.getValues())(field),
  });
  return (
    <FormShell form={form} onSubmit={submit} labelledBy={labelledBy}>
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
        <StatusSection />
      </fieldset>
      {notice}
      <FormActions submitLabel={label} onCancel={onCancel} problems={problems}>
        {actions}
      </FormActions>
    </FormShell>
  );
}
