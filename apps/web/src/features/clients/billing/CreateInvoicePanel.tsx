import '../../../styles/client-records.css';
import '../../invoices/invoices.css';
import {
  type ClientProduct,
  type CompanyConfig,
  ERROR_MESSAGES,
  type InvoiceCreate,
  OTHER_MESSAGES,
  SUCCESS_MESSAGES,
  type YesNo,
} from '@pd/contracts';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { useClientProducts } from '../../../api/clientProducts.ts';
import { useCompanyConfig } from '../../../api/hooks.ts';
import { useCreateInvoice } from '../../../api/invoices.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { isoOfPicked, pickedOfIso, todayIn } from '../../invoices/dates.ts';
import { DayField, describedBy, Field, FormButtons } from '../../invoices/FormParts.tsx';
import { useFieldErrors } from '../../invoices/fieldErrors.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatMoney, useCurrency } from '../products/format.ts';
import { useTitleWithClient } from '../products/useClientName.ts';

const FIELDS = ['invoiced', 'clientProductId', 'useTaxRate'] as const;
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

interface FormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  clientId: number;
  config: CompanyConfig;
  products: ClientProduct[];
}

function CreateInvoiceForm({ clientId, config, products, onDone, onCancel }: FormProps) {
  const { user, company } = useSession();
  const create = useCreateInvoice(user.companyId);
  const toast = useToast();
  const currency = useCurrency();
  const registered = config.taxRegistered === 'Y';
  const [invoiced, setInvoiced] = useState<Date | null>(() => pickedOfIso(todayIn(company.timeZone)));
  const [productId, setProductId] = useState<number | null>(null);
  // Spec section 4: the tax choice defaults to the company's taxRegistered value.
  const [useTaxRate, setUseTaxRate] = useState<YesNo>(config.taxRegistered);
  const { errors, other, setErrors, clear, fromError, reset } = useFieldErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (!invoiced) missing.invoiced = OTHER_MESSAGES.fieldRequired;
    if (productId === null) missing.clientProductId = OTHER_MESSAGES.fieldRequired;
    if (!invoiced || productId === null) {
      setErrors(missing);
      return;
    }
    reset();
    const body: InvoiceCreate = {
      clientId,
      invoiced: isoOfPicked(invoiced),
      clientProductId: productId,
      // Spec section 6: the option exists only for a tax-registered company; otherwise the default (N).
      ...(registered ? { useTaxRate } : {}),
      draft: false,
    };
    try {
      await create.mutateAsync(body);
    } catch (error) {
      console.error('Creating the invoice failed', error);
      toast.error(ERROR_MESSAGES.createInvoice);
      fromError(error);
      return;
    }
    toast.success(SUCCESS_MESSAGES.createInvoice);
    onDone();
  };

  const option = (product: ClientProduct | undefined) =>
    product ? (
      <span className="product-option">
        <span className="product-option__name">{product.name}</span>
        <span className="product-option__detail">
          {product.uniqueId} · {formatMoney(product.premium, currency)}
        </span>
      </span>
    ) : (
      'Choose a product'
    );

  return (
    <form
      className="client-form record-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="client-panel-title"
    >
      <DayField
        id="invoice-invoiced"
        label="Invoiced date"
        testId="invoiced-error"
        error={errors.invoiced}
        value={invoiced}
        onChange={(value) => {
          setInvoiced(value);
          clear('invoiced');
        }}
      />
      <Field
        id="invoice-product"
        label="Product"
        required
        testId="product-error"
        error={errors.clientProductId}
      >
        <Dropdown
          inputId="invoice-product"
          value={productId}
          options={products}
          optionValue="id"
          optionLabel="name"
          onChange={(e) => {
            setProductId(e.value ?? null);
            clear('clientProductId');
          }}
          itemTemplate={option}
          valueTemplate={(product: ClientProduct | undefined) => option(product)}
          placeholder="Choose a product"
          invalid={Boolean(errors.clientProductId)}
          {...describedBy('invoice-product', errors.clientProductId)}
          aria-required
          className="client-form__control record-form__product"
          pt={{ select: { 'aria-hidden': true } }}
        />
      </Field>
      {registered && (
        <fieldset className="field client-form__field invoice-tax" data-testid="use-tax-rate">
          <legend>Use the tax rate</legend>
          {(['Y', 'N'] as const).map((value) => (
            <div key={value} className="invoice-tax__choice">
              <RadioButton
                inputId={`invoice-tax-${value}`}
                name="useTaxRate"
                value={value}
                checked={useTaxRate === value}
                onChange={() => {
                  setUseTaxRate(value);
                  clear('useTaxRate');
                }}
              />
              <label htmlFor={`invoice-tax-${value}`}>
                {value === 'Y' ? `Yes: VAT at ${config.vatRateBps / 100}%` : 'No VAT'}
              </label>
            </div>
          ))}
          {errors.useTaxRate && (
            <small className="field-error" data-testid="useTaxRate-error">
              {errors.useTaxRate}
            </small>
          )}
        </fieldset>
      )}
      <FormButtons
        submitLabel="Create invoice"
        icon="pi pi-file"
        busy={create.isPending}
        problems={other}
        onCancel={onCancel}
      />
    </form>
  );
}
