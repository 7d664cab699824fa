import {
  isAdministrator,
  PROSPECT_MESSAGES as M,
  type ProspectSettings,
  type ProspectSettingsInput,
  prospectSettingsInputSchema,
} from '@pd/contracts';
import { Checkbox } from 'primereact/checkbox';
import { Controller, useFormContext } from 'react-hook-form';
import { useProspectSettings, useSaveProspectSettings } from '../../../../api/prospects.ts';
import { noteTemplatesResource, useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { QueryProblem } from '../../billing/QueryProblem.tsx';
import { InlineForm } from '../../FormDialog.tsx';

/**
 * Part 5: for a financial adviser (type F), Won may need the record of advice attached (a note of the
 * chosen template). A healthcare practice (type H) sees why it does not apply to it.
 */
export function AdviceRuleSection() {
  const { user, company } = useSession();
  const settings = useProspectSettings(company.id);
  return (
    <section className="settings-section" aria-labelledby="settings-advice-heading" data-testid="advice-rule">
      <div className="settings-section__header">
        <h2 id="settings-advice-heading">Record of advice</h2>
      </div>
      {company.type !== 'F' ? (
        <p className="notice notice--info">
          <span className="pi pi-info-circle" aria-hidden="true" />
          The rule that Won needs a record of advice is for financial advisers (company type F); it does not
          apply to a healthcare practice.
        </p>
      ) : (
        <>
          <p className="muted">
            When on, an opportunity can be marked Won only once the record of advice (a note of the client, of
            the chosen template when one is chosen) is attached to it.
          </p>
          <QueryProblem query={settings} what="the record of advice rule" />
          {settings.data &&
            (isAdministrator(user) ? (
              <AdviceRuleForm key={JSON.stringify(settings.data)} settings={settings.data} />
            ) : (
              <p data-testid="advice-rule-state">{ruleText(settings.data)}</p>
            ))}
        </>
      )}
    </section>
  );
}

const ruleText = (s: ProspectSettings) =>
  !s.wonNeedsAdvice
    ? 'Off: Won needs no record of advice.'
    : `On: Won needs a record of advice${s.adviceTemplateSubject ? ` (a note "${s.adviceTemplateSubject}")` : ' (any note of the client)'}.`;

function AdviceRuleForm({ settings }: { settings: ProspectSettings }) {
  const { company } = useSession();
  const save = useSaveProspectSettings(company.id);
  const templates = useCatalogueList(noteTemplatesResource, company.id);
  const contract = useContractForm<ProspectSettingsInput, ProspectSettingsInput>({
    schema: prospectSettingsInputSchema,
    defaultValues: { wonNeedsAdvice: settings.wonNeedsAdvice, adviceTemplateId: settings.adviceTemplateId },
    save: (input) => save.mutateAsync(input),
    success: M.adviceRuleUpdated,
  });
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.subject }));
  return (
    <InlineForm id="advice-rule" title="Rule" contract={contract} submitLabel="Save rule">
      <WonNeedsAdvice />
      <SelectField
        name="adviceTemplateId"
        label="Advice note template"
        options={options}
        loading={templates.isPending}
        placeholder="Any note of the client"
        clearable
        hint="The record of advice is a note whose subject is this template's."
      />
    </InlineForm>
  );
}

function WonNeedsAdvice() {
  const { control } = useFormContext<ProspectSettingsInput>();
  return (
    <div className="settings-form__check client-form__field--wide">
      <Controller
        name="wonNeedsAdvice"
        control={control}
        render={({ field }) => (
          <Checkbox
            inputId="settings-wonNeedsAdvice"
            inputRef={field.ref}
            checked={field.value}
            onChange={(e) => field.onChange(Boolean(e.checked))}
          />
        )}
      />
      <label htmlFor="settings-wonNeedsAdvice">Won needs the record of advice</label>
    </div>
  );
}
