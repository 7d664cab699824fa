import {
  type BillingPlan,
  type BillingPlanInput,
  billingPlanSchema,
  type NoteTemplate,
  type noteTemplateInputSchema,
  noteTemplateSchema,
  type Process,
  type ProcessInput,
  type Product,
  type ProductInput,
  processSchema,
  productSchema,
} from '@pd/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';

export type NoteTemplateInput = z.output<typeof noteTemplateInputSchema>;

/** One company set-up list (spec section 7): read by everyone, changed by rights A. */
export interface CatalogueResource<Item extends { id: number }, Input> {
  key: (companyId: number) => QueryKey;
  list: (companyId: number) => Promise<Item[]>;
  create: (companyId: number, input: Input) => Promise<Item>;
  update: (id: number, input: Input) => Promise<Item>;
  remove: (id: number) => Promise<void>;
  /** Lists that show this one's data (products show their plan's name). */
  dependents?: (companyId: number) => QueryKey[];
}

export const settingsKeys = {
  all: (companyId: number) => ['company', companyId, 'settings'] as const,
  billingPlans: (companyId: number) => ['company', companyId, 'settings', 'billingPlans'] as const,
  products: (companyId: number) => ['company', companyId, 'settings', 'products'] as const,
  noteTemplates: (companyId: number) => ['company', companyId, 'settings', 'noteTemplates'] as const,
  processes: (companyId: number) => ['company', companyId, 'settings', 'processes'] as const,
};

function resource<Item extends { id: number }, Input>(
  base: string,
  schema: z.ZodType<Item>,
  key: (companyId: number) => QueryKey,
  dependents?: (companyId: number) => QueryKey[],
): CatalogueResource<Item, Input> {
  return {
    key,
    dependents,
    list: (companyId) => apiRequest(`${base}/${companyId}`, z.array(schema)),
    create: (companyId, body) => apiRequest(`${base}/${companyId}`, schema, { method: 'POST', body }),
    update: (id, body) => apiRequest(`${base}/${id}`, schema, { method: 'PUT', body }),
    remove: (id) => apiCommand(`${base}/${id}`, { method: 'DELETE' }),
  };
}

export const billingPlansResource = resource<BillingPlan, BillingPlanInput>(
  '/api/billingplan',
  billingPlanSchema,
  settingsKeys.billingPlans,
  (companyId) => [settingsKeys.products(companyId)],
);
export const productsResource = resource<Product, ProductInput>(
  '/api/product1',
  productSchema,
  settingsKeys.products,
);
export const noteTemplatesResource = resource<NoteTemplate, NoteTemplateInput>(
  '/api/notetemplate',
  noteTemplateSchema,
  settingsKeys.noteTemplates,
);
export const processesResource = resource<Process, ProcessInput>(
  '/api/process',
  processSchema,
  settingsKeys.processes,
);

export function useCatalogueList<Item extends { id: number }, Input>(
  res: CatalogueResource<Item, Input>,
  companyId: number,
) {
  return useQuery({ queryKey: res.key(companyId), queryFn: () => res.list(companyId) });
}

/** Create, update and delete; each refreshes the list and the lists that show its data. */
export function useCatalogueMutations<Item extends { id: number }, Input>(
  res: CatalogueResource<Item, Input>,
  companyId: number,
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const key of [res.key(companyId), ...(res.dependents?.(companyId) ?? [])]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const save = useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Input }) =>
      id === null ? res.create(companyId, input) : res.update(id, input),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => res.remove(id), onSuccess: refresh });
  return { save, remove };
}
