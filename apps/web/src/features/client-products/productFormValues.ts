import {
  type ClientProduct,
  type ClientProductUpdate,
  type ClientStatus,
  clientProductUpdateSchema,
} from '@pd/contracts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';

/** The update form as edited: amounts in cents (null while empty), dates a Date (or the text typed). */
export interface ProductFormValues {
  name: string;
  description: string;
  billingPlanId: number | null;
  premium: number | null;
  value: number | null;
  inception: Date | string | null;
  termination: Date | string | null;
  status: ClientStatus;
}

export const productToValues = (product: ClientProduct): ProductFormValues => ({
  name: product.name,
  description: product.description ?? '',
  billingPlanId: product.billingPlanId,
  premium: product.premium,
  value: product.value,
  inception: pickedOfIso(product.inception),
  termination: pickedOfIso(product.termination),
  status: product.status,
});

/** Every field is sent: the panel edits the whole record (created and updated are read-only). */
export const valuesToUpdate = (values: ProductFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  billingPlanId: values.billingPlanId,
  premium: values.premium,
  value: values.value,
  inception: pickedDay(values.inception) ?? null,
  termination: pickedDay(values.termination) ?? null,
  status: values.status,
});

/**
 * Spec section 5: checked as the API checks the client product (the contracts' clientProductUpdateSchema:
 * name and amounts required, dates as dates). Termination before inception is the API's check.
 */
export const productFormSchema = formSchema<ProductFormValues, ClientProductUpdate>((values, problem) =>
  checkWith(clientProductUpdateSchema, valuesToUpdate(values), problem),
);
