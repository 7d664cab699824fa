import {
  type ClientProduct,
  type ClientProductUpdate,
  type ClientStatus,
  OTHER_MESSAGES,
} from '@pd/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { formatDob, parseDob } from '../forms/clientFormValues.ts';

/** The update form as edited: amounts in cents (null while empty), dates a Date (or the text typed). */
export interface ProductFormValues {
  name: string;
  description: string;
  billingPlanId: string | null;
  premium: number | null;
  value: number | null;
  inception: Date | string | null;
  termination: Date | string | null;
  status: ClientStatus;
}

export const PRODUCT_FIELDS: readonly (keyof ProductFormValues)[] = [
  'name',
  'description',
  'billingPlanId',
  'premium',
  'value',
  'inception',
  'termination',
  'status',
];

export const productToValues = (product: ClientProduct): ProductFormValues => ({
  name: product.name,
  description: product.description ?? '',
  billingPlanId: product.billingPlanId === null ? null : String(product.billingPlanId),
  premium: product.premium,
  value: product.value,
  inception: product.inception ? parseDob(product.inception) : null,
  termination: product.termination ? parseDob(product.termination) : null,
  status: product.status,
});

const NOT_A_DATE = 'Use the format yyyy-mm-dd.';

/** A date field as sent: YYYY-MM-DD, null when empty, undefined while the text is no date. */
function dateOf(value: Date | string | null): string | null | undefined {
  if (value instanceof Date) return formatDob(value);
  const text = (value ?? '').trim();
  if (text === '') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseDob(text) ? text : undefined;
}

/** Every field is sent: the panel edits the whole record (created and updated are read-only). */
export function valuesToUpdate(values: ProductFormValues): ClientProductUpdate {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    billingPlanId: values.billingPlanId === null ? null : Number(values.billingPlanId),
    premium: values.premium ?? 0,
    value: values.value ?? 0,
    inception: dateOf(values.inception) ?? null,
    termination: dateOf(values.termination) ?? null,
    status: values.status,
  };
}

/** Spec section 5: product fields are required; dates must be dates. Termination order is the API's check. */
export const productResolver: Resolver<ProductFormValues> = (values) => {
  const errors: FieldErrors<ProductFormValues> = {};
  const required = (field: keyof ProductFormValues) => {
    errors[field] = { type: 'required', message: OTHER_MESSAGES.fieldRequired };
  };
  if (values.name.trim() === '') required('name');
  if (values.premium === null) required('premium');
  if (values.value === null) required('value');
  for (const field of ['inception', 'termination'] as const) {
    if (dateOf(values[field]) === undefined) errors[field] = { type: 'format', message: NOT_A_DATE };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The form field an API error path (body.termination) belongs to. */
export const productFieldOf = (path: string): string => path.replace(/^body\./, '');
