import '../../styles/client-records.css';
import './invoices.css';
import {
  type ClientProduct,
  type CompanyConfig,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  formatMoney,
  INVOICE_MESSAGES,
  type InvoiceCreate,
  invoiceCreateSchema,
  SUCCESS_MESSAGES,
  todayIn,
  type YesNo,
} from '@pd/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useClientProducts } from '../../api/clientProducts.ts';
import { useCompanyConfig } from '../../api/hooks.ts';
import { useCreateInvoice } from '../../api/invoices.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { RadioField, YesNoField } from '../../components/form/ChoiceFields.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency } from '../../lib/company.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { fieldOfPath } from '../../lib/forms/serverErrors.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

export const NOT_INVOICING = 'Invoicing is not enabled for your user. Ask an administrator.';

/** Tab 17, Create invoice: invoiced date, one of the client's products and (tax registered only) the VAT choice. */
export function CreateInvoicePanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const config = useCompanyConfig(user.companyId);
  const products = useClientProducts(clientId);
  const title = useTitleWithClient('Create invoice', clientId);
  return (
    <PanelFrame title={title} lead="The invoice bills one of the client's products at its premium.">
      {clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : user.enableInvoicing === 'N' ? (
        // Spec section 2: Create Invoice only when the user's enableInvoicing is not N (the API says 403 too).
        <PanelNotice text={NOT_INVOICING} onCancel={onCancel} />
      ) : products.isError || config.isError ? (
        <PanelNotice tone="error" text="The client's products could not be loaded." onCancel={onCancel} />
      ) : products.isPending || config.isPending ? (
        <PanelLoading text="Loading products. Please wait." />
      ) : products.data.every((p) => p.status === 'I') ? (
        <PanelNotice
          text="The client has no active products to invoice. Add one with Add Product first."
          onCancel={onCancel}
        />
      ) : (
        <CreateInvoiceForm
          clientId={clientId}
          config={config.data}
          products={products.data.filter((p) => p.status !== 'I')}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface InvoiceValues {
  invoiced: Date | string | null;
  /** The client product billed (clientProductId). */
  product: number | null;
  useTaxRate: YesNo;
  /** Offered once the API has said the product is invoiced for the month already (409 ALREADY_INVOICED). */
  invoiceAgain: YesNo;
}

/** The API's body.clientProductId is the product field here. */
const invoiceFieldOf = (path: string) => {
  const field = fieldOfPath(path);
  return field === 'clientProductId' ? 'product' : field;
};

/**
 * The invoice as the API checks it (the contracts' invoiceCreateSchema); the date and the product are
 * required first. Spec section 6: the tax choice exists only for a tax-registered company.
 */
const invoiceFormSchema = (clientId: number, registered: boolean) =>
  formSchema<InvoiceValues, InvoiceCreate>((values, problem) => {
    const invoiced = pickedDay(values.invoiced);
    if (invoiced === undefined) problem('invoiced', FIELD_MESSAGES.required);
    if (values.product === null) problem('product', FIELD_MESSAGES.required);
    if (invoiced === undefined || values.product === null) return null;
    const input = {
      clientId,
      invoiced,
      clientProductId: values.product,
      ...(registered ? { useTaxRate: values.useTaxRate } : {}),
      ...(values.invoiceAgain === 'Y' ? { invoiceAgain: true } : {}),
      draft: false,
    };
    return checkWith(invoiceCreateSchema, input, problem, invoiceFieldOf);
  });

interface FormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  clientId: number;
  config: CompanyConfig;
  products: ClientProduct[];
}

function CreateInvoiceForm({ clientId, config, products, onDone, onCancel }: FormProps) {
  const { user, company } = useSession();
  const create = useCreateInvoice(user.companyId);
  const currency = useCurrency();
  const registered = config.taxRegistered === 'Y';
  const [schema] = useState(() => invoiceFormSchema(clientId, registered));
  // The API's reason when the product is invoiced for the month already: "invoice again" is then offered.
  const [alreadyInvoiced, setAlreadyInvoiced] = useState<string | null>(null);
  const { form, submit, problems } = useContractForm<InvoiceValues, InvoiceCreate>({
    schema,
    // Spec section 4: the tax choice defaults to the company's taxRegistered value.
    defaultValues: {
      invoiced: pickedOfIso(todayIn(company.timeZone)),
      product: null,
      useTaxRate: config.taxRegistered,
      invoiceAgain: 'N',
    },
    save: (input) => create.mutateAsync(input),
    success: SUCCESS_MESSAGES.createInvoice,
    failure: ERROR_MESSAGES.createInvoice,
    onDone,
    onFailure: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_INVOICED') setAlreadyInvoiced(error.message);
    },
    fieldOf: invoiceFieldOf,
  });
  const options = products.map((product) => ({ value: product.id, label: product.name, product }));
  const template = (option: (typeof options)[number] | undefined) =>
    option ? (
      <span className="product-option">
        <span className="product-option__name">{option.product.name}</span>
        <span className="product-option__detail">
          {option.product.uniqueId} · {formatMoney(option.product.premium, currency)}
        </span>
      </span>
    ) : (
      'Choose a product'
    );

  return (
    <FormShell form={form} onSubmit={submit} idPrefix="invoice-" className="client-form record-form">
      <DateField name="invoiced" label="Invoiced date" required showButtonBar={false} />
      <SelectField
        name="product"
        label="Product"
        required
        options={options}
        template={template}
        placeholder="Choose a product"
        className="record-form__product"
      />
      {registered && (
        <RadioField
          name="useTaxRate"
          id="invoice-tax"
          legend="Use the tax rate"
          testId="use-tax-rate"
          options={[
            { value: 'Y', label: `Yes: VAT at ${config.vatRateBps / 100}%` },
            { value: 'N', label: 'No VAT' },
          ]}
        />
      )}
      {alreadyInvoiced && (
        <YesNoField
          name="invoiceAgain"
          label={INVOICE_MESSAGES.invoiceAgain}
          hint={`${alreadyInvoiced} Tick to create another invoice for it (recorded in the audit trail).`}
        />
      )}
      <FormActions
        submitLabel="Create invoice"
        submitIcon="pi pi-file"
        onCancel={onCancel}
        problems={problems}
      />
    </FormShell>
  );
}
