import type { FastifyInstance } from 'fastify';
import type { login } from '../../test/harness.ts';

type Caller = Awaited<ReturnType<typeof login>>;

/** Adds a juristic client with every required field through the API (test set-up). */
export function postJuristicClient(
  app: FastifyInstance,
  who: Caller,
  fields: { name: string; email: string; mobile: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/client1/${who.user.companyId}`,
    headers: who.bearer,
    payload: {
      type: 'J',
      ...fields,
      address1: '1 Main Road',
      addressRegion: 'Rosebank',
      addressState: 'Gauteng',
      addressPostalCode: '2196',
    },
  });
}
