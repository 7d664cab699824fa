import { icd10CodeSchema, providerSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { searchIcd10, searchProviders } from './reference.queries.ts';

const text = z.string().trim().min(1).max(100);

export function referenceRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/icd10code/simple/:code',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['reference'],
        params: z.strictObject({ code: text }),
        response: { 200: z.array(icd10CodeSchema) },
      },
    },
    async (request) => tenantTx(deps, request, (tx) => searchIcd10(tx, request.params.code)),
  );

  r.get(
    '/api/provider/name/:text',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['reference'],
        params: z.strictObject({ text }),
        response: { 200: z.array(providerSchema) },
      },
    },
    async (request) =>
      tenantTx(deps, request, (tx) =>
        searchProviders(tx, principalOf(request).companyId, request.params.text),
      ),
  );
}
