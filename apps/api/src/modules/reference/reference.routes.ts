import { icd10CodeSchema, providerSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { findCompanyProviders, findIcd10Codes } from './reference.service.ts';

const text = z.string().trim().min(1).max(100);
const tags = ['reference'];

export function referenceRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/icd10code/simple/:code',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.strictObject({ code: text }), response: { 200: z.array(icd10CodeSchema) } },
    },
    async (request) => findIcd10Codes(scopeOf(deps, request), request.params.code),
  );

  r.get(
    '/api/provider/name/:text',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.strictObject({ text }), response: { 200: z.array(providerSchema) } },
    },
    async (request) => findCompanyProviders(scopeOf(deps, request), request.params.text),
  );
}
