import { COMPANY_CONFIG_MESSAGES, type CompanyConfig, type CompanyConfigUpdate } from '@pd/contracts';
import { useUpdateCompanyConfig } from '../../../api/companyConfig.ts';
import { YesNoField } from '../../../components/form/ChoiceFields.tsx';
import { PercentField } from '../../../components/form/NumberFields.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { InlineForm } from '../FormDialog.tsx';
import {
  type CompanyConfigFormValues,
  companyConfigFormSchema,
  companyConfigValues,
} from './companySchemas.ts';

/** What an administrator (rights A) may change: field errors on their fields, a toast either way. */
export function CompanyConfigForm({ config }: { config: CompanyConfig }) {
  const update = useUpdateCompanyConfig(config.companyId);
  const healthcare = config.type === 'H';
  const contract = useContractForm<CompanyConfigFormValues, CompanyConfigUpdate>({
    schema: companyConfigFormSchema(healthcare),
    defaultValues: companyConfigValues(config),
    save: (input) => update.mutateAsync(input),
    success: COMPANY_CONFIG_MESSAGES.updated,
    mode: 'onTouched',
  });
  return (
    <InlineForm
      id="company-config"
      title="Change the configuration"
      contract={contract}
      submitLabel="Save"
      className="company-config-form"
    >
      {healthcare && (
        <TextField
          name="practiceNumber"
          label="Practice number"
          maxLength={30}
          hint="Printed on medical accounts; a medical account cannot be created without it."
        />
      )}
      <YesNoField
        name="taxRegistered"
        label="VAT registered"
        hint="Only a VAT registered company's invoices are tax invoices that can add VAT."
      />
      <TextField name="vatNumber" label="VAT number" maxLength={40} hint="Printed on tax invoices." />
      <PercentField
        name="vatRateBps"
        label="VAT rate"
        required
        hint="Added to an invoice's lines when it uses the tax rate (0% to 100%)."
      />
      <TextField
        name="supportEmail"
        label="Support e-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="Where Contact Support sends staff's e-mails."
      />
    </InlineForm>
  );
}
