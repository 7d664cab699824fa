import {
  FORM_CHANNEL_LABELS,
  FORM_CHANNELS,
  FORM_REVIEW_MESSAGES,
  type FormChannel,
  type FormRequestCreated,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { z } from 'zod';
import type { ClientPick } from '../../api/clientForms.ts';
import { useCompanyForms, useSendForm } from '../../api/formRequests.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { RadioField } from '../../components/form/ChoiceFields.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { optionsOf } from '../../components/form/options.ts';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { ClientPicker } from '../clients/forms/ClientPicker.tsx';

const sendSchema = z.object({
  client: z.object({ id: z.number() }, { error: 'Choose a client from the list.' }),
  formId: z.number({ error: 'Choose a form.' }),
  channel: z.enum(FORM_CHANNELS, { error: 'Choose SMS, e-mail or kiosk.' }),
});

interface Values {
  client: ClientPick | { id: number; name: string } | string | null;
  formId: number | null;
  channel: FormChannel;
}

const CHANNEL_OPTIONS = optionsOf(FORM_CHANNELS, {
  ...FORM_CHANNEL_LABELS,
  kiosk: 'Kiosk (open it here on this tablet)',
});

/** A link opened at reception: in a new tab, so the staff screen stays where it was. */
export function openKiosk(created: FormRequestCreated) {
  window.open(created.url, '_blank', 'noopener');
}

/** After a kiosk link is made: the tab it opened in, or the link itself when the browser blocked the tab. */
export function KioskReadyDialog({ created, onHide }: { created: FormRequestCreated; onHide: () => void }) {
  return (
    <Dialog
      visible
      onHide={onHide}
      header="Form ready at reception"
      style={{ width: 'min(34rem, 95vw)' }}
      modal
    >
      <p>
        {created.formName} for {created.clientName ?? 'the client'} opened in a new tab. If the browser
        blocked it, open it here; the link works once.
      </p>
      <div className="client-form__actions">
        <a className="p-button p-component" href={created.url} target="_blank" rel="noopener noreferrer">
          <span className="p-button-label">Open the form</span>
        </a>
        <Button type="button" label="Done" text onClick={onHide} />
      </div>
    </Dialog>
  );
}

/**
 * "Send a form" (issue 18, part 3): a client (fixed when sent from their record), a published form and the
 * channel. SMS and e-mail go through the outbox; kiosk opens the link in a new tab for the client to fill in.
 */
export function SendFormDialog({
  client,
  onHide,
}: {
  client?: { id: number; name: string };
  onHide: () => void;
}) {
  const { company } = useSession();
  const forms = useCompanyForms(company.id);
  const send = useSendForm(company.id);
  const options = (forms.data ?? []).filter((f) => f.published).map((f) => ({ value: f.id, label: f.name }));
  const [kiosk, setKiosk] = useState<FormRequestCreated | null>(null);
  const { form, submit, problems } = useContractForm<Values, z.output<typeof sendSchema>, FormRequestCreated>(
    {
      schema: sendSchema,
      defaultValues: { client: client ?? null, formId: null, channel: 'sms' },
      save: async ({ client: chosen, formId, channel }) => {
        const created = await send.mutateAsync({ clientId: chosen.id, formId, channel });
        if (channel === 'kiosk') {
          openKiosk(created);
          setKiosk(created);
        } else onHide();
        return created;
      },
      fieldOf: (path) => (path === 'body.clientId' ? 'client' : path.replace(/^body\./, '')),
      success: (values) =>
        values.channel === 'kiosk' ? FORM_REVIEW_MESSAGES.kioskOpened : FORM_REVIEW_MESSAGES.sent,
    },
  );
  if (kiosk) return <KioskReadyDialog created={kiosk} onHide={onHide} />;
  return (
    <Dialog visible onHide={onHide} header="Send a form" style={{ width: 'min(34rem, 95vw)' }} modal>
      <FormShell form={form} onSubmit={submit} idPrefix="send-form-" label="Send a form">
        {client ? (
          <p>
            To <strong>{client.name}</strong>
          </p>
        ) : (
          <ClientPicker name="client" label="Client" kind="search" />
        )}
        <SelectField
          name="formId"
          label="Form"
          required
          options={options}
          loading={forms.isPending}
          placeholder={forms.isError ? 'The forms could not be loaded' : 'Choose a published form'}
        />
        <RadioField name="channel" legend="Send by" options={CHANNEL_OPTIONS} />
        <FormActions submitLabel="Send" submitIcon="pi pi-send" onCancel={onHide} problems={problems} />
      </FormShell>
    </Dialog>
  );
}
