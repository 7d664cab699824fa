import type { BillingPlan, NoteTemplate, Process, Product } from '@pd/contracts';
import {
  billingPlansResource,
  type CatalogueResource,
  noteTemplatesResource,
  processesResource,
  productsResource,
} from '../../api/settings.ts';

/** A set-up list: where it lives, what one item is called, and what items are sorted and known by. */
const catalogue = <Item extends { id: number }, Input>(
  resource: CatalogueResource<Item, Input>,
  [noun, plural]: [string, string],
  sortField: keyof Item & string,
  itemName: (item: Item) => string,
) => ({ resource, noun, plural, sortField, itemName });

export const PRODUCTS = catalogue(productsResource, ['product', 'products'], 'name', (p: Product) => p.name);
export const BILLING_PLANS = catalogue(
  billingPlansResource,
  ['billing plan', 'billing plans'],
  'name',
  (plan: BillingPlan) => plan.name,
);
export const NOTE_TEMPLATES = catalogue(
  noteTemplatesResource,
  ['note template', 'note templates'],
  'subject',
  (template: NoteTemplate) => template.subject,
);
export const PROCESSES = catalogue(
  processesResource,
  ['process', 'processes'],
  'name',
  (p: Process) => p.name,
);
