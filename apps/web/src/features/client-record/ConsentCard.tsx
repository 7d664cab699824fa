import '../../styles/prospects.css';
import {
  type Client,
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_STATE_LABELS,
  type ConsentInput,
  consentInputSchema,
  formatDateTimeIn,
  PROSPECT_MESSAGES as M,
  menuEntriesFor,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useRecordConsent } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { RadioField } from '../../components/form/ChoiceFields.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { optionsOf } from '../../components/form/options.ts';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useTimeZone } from '../../lib/company.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { Problems } from '../settings/FormDialog.tsx';
import { Detail, RecordCard } from './RecordCard.tsx';

const ANSWER_OPTIONS = [
  { value: 'given' as const, label: 'Given' },
  { value: 'refused' as const, label: 'Refused' },
];
const CHANNEL_OPTIONS = optionsOf(CONSENT_CHANNELS, CONSENT_CHANNEL_LABELS);

/** Whether the record shows consent: a prospect's, or anyone's once asked or answered. */
export const showsConsent = (client: Client) =>
  client.lifecycle === 'prospect' || client.consentState !== 'unknown';

/**
 * POPIA section 69: a prospect may be e-mailed or texted once, to ask for consent; after that only with it.
 * The card shows where that stands and lets staff with Prospects record the answer.
 */
export function ConsentCard({ client }: { client: Client }) {
  const { variant } = useSession();
  const timeZone = useTimeZone();
  const canRecord = menuEntriesFor(variant).some((entry) => entry.route === '/commonProspects');
  return (
    <RecordCard title="Consent to electronic marketing" testId="record-consent">
      <dl className="details">
        <Detail term="Consent">
          <span data-testid="consent-state">{CONSENT_STATE_LABELS[client.consentState]}</span>
        </Detail>
        <Detail term="Channel">
          {client.consentChannel && CONSENT_CHANNEL_LABELS[client.consentChannel]}
        </Detail>
        <Detail term="Date">{client.consentAt && formatDateTimeIn(client.consentAt, timeZone)}</Detail>
      </dl>
      <p className="muted">{explanation(client)}</p>
      {canRecord && <ConsentForm key={`${client.consentState}-${client.consentAt}`} clientId={client.id} />}
    </RecordCard>
  );
}

const explanation = (client: Client) => {
  if (client.lifecycle === 'client' || client.consentState === 'given') return 'E-mail and SMS may be sent.';
  if (client.consentState === 'refused') return 'No e-mail or SMS may be sent (POPIA section 69).';
  if (client.consentState === 'requested')
    return 'Consent was asked for once: no further e-mail or SMS until it is recorded as given.';
  return 'The first e-mail or SMS is the one request for consent (POPIA section 69).';
};

interface ConsentFormValues {
  state: ConsentInput['state'] | null;
  channel: ConsentInput['channel'] | null;
}

/** Both are asked for in words; the rest as the API checks it. */
const consentFormSchema = formSchema<ConsentFormValues, ConsentInput>((values, problem) => {
  if (!values.state) problem('state', 'Choose whether consent was given or refused.');
  if (!values.channel) problem('channel', 'Choose how the answer came.');
  return checkWith(consentInputSchema, values, problem);
});

function ConsentForm({ clientId }: { clientId: number }) {
  const record = useRecordConsent();
  const contract = useContractForm<ConsentFormValues, ConsentInput>({
    schema: consentFormSchema,
    defaultValues: { state: null, channel: null },
    save: (input) => record.mutateAsync({ clientId, input }),
    success: M.consentRecorded,
  });
  const saving = contract.form.formState.isSubmitting;
  return (
    <FormShell
      form={contract.form}
      onSubmit={contract.submit}
      idPrefix="consent-"
      className="settings-form consent-form"
      label="Record consent"
    >
      <Problems problems={contract.problems} />
      <RadioField name="state" legend="Answer" options={ANSWER_OPTIONS} />
      <SelectField name="channel" label="How it came" options={CHANNEL_OPTIONS} placeholder="Choose" />
      <div>
        <Button type="submit" label="Record consent" icon="pi pi-check" size="small" loading={saving} />
      </div>
    </FormShell>
  );
}
