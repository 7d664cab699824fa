import {
  type Client,
  type ClientConfig,
  type ClientConfigInput,
  ERROR_MESSAGES,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { useState } from 'react';
import { useUpdateClientConfig } from '../../../../api/clientForms.ts';
import { FormActions } from '../../../../components/form/FormActions.tsx';
import { FormShell } from '../../../../components/form/FormShell.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { DiagnosticTab } from './DiagnosticTab.tsx';
import {
  configToValues,
  type HealthcareFormValues,
  healthcareFieldOf,
  healthcareFormSchema,
  tabOf,
} from './healthcareValues.ts';
import { InsuranceTab } from './InsuranceTab.tsx';
import { RafTab } from './RafTab.tsx';
import { ReferringTab } from './ReferringTab.tsx';

interface HealthcareFormProps {
  client: Client;
  config: ClientConfig;
  onDone: () => void;
  onCancel: () => void;
}

export function HealthcareForm({ client, config, onDone, onCancel }: HealthcareFormProps) {
  const update = useUpdateClientConfig(client.id);
  const [openTabs, setOpenTabs] = useState<number[]>([0]);
  const [defaultValues] = useState(() => configToValues(config));
  const [schema] = useState(() => healthcareFormSchema(client.addressCountry));
  const { form, submit, problems } = useContractForm<HealthcareFormValues, ClientConfigInput>({
    schema,
    defaultValues,
    save: (input) => update.mutateAsync(input),
    // The spec's catalogue (section 8) has no healthcare-specific message: this is an update of the client.
    success: SUCCESS_MESSAGES.updateClient,
    failure: ERROR_MESSAGES.updateClient,
    onDone,
    fieldOf: healthcareFieldOf,
    // A closed accordion tab hides its fields: open every tab that holds an error.
    onFieldErrors: (fields) => setOpenTabs((open) => [...new Set([...open, ...fields.map(tabOf)])].sort()),
  });
  const apiWarning = config.warnings.find((w) => w.path === 'diagnosisCode1')?.message;

  return (
    <FormShell form={form} onSubmit={submit}>
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <Accordion
          multiple
          activeIndex={openTabs}
          onTabChange={(e) => setOpenTabs(Array.isArray(e.index) ? e.index : [e.index])}
          className="healthcare-accordion"
        >
          <AccordionTab header="Diagnostic">
            <DiagnosticTab loadedPrimary={config.diagnosisCode1 as string | null} apiWarning={apiWarning} />
          </AccordionTab>
          <AccordionTab header="Health Insurance">
            <InsuranceTab />
          </AccordionTab>
          <AccordionTab header="Referring Healthcare Practitioner">
            <ReferringTab />
          </AccordionTab>
          <AccordionTab header="Road Accident Fund">
            <RafTab />
          </AccordionTab>
        </Accordion>
      </fieldset>
      <FormActions submitLabel="Update" onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
