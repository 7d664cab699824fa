import { idParam, replyListQuerySchema, smsReplyPageSchema, smsReplySchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { companyFirst } from '../appointments/diary-company.ts';
import { handleReply, listReplies } from './reply.service.ts';

const tags = ['reminders'];

/** The SMS reply inbox (issue 16, part 4): everyone reads it and marks a reply handled. */
export function replyRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/reminder/replies/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: z.strictObject({ companyId: idParam }),
        querystring: replyListQuerySchema,
        response: { 200: smsReplyPageSchema },
      },
    },
    async (request) => listReplies(companyScope(deps, request), request.query),
  );

  r.post(
    '/api/reminder/reply/:id/handled',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.strictObject({ id: idParam }), response: { 200: smsReplySchema } },
    },
    async (request) => handleReply(scopeOf(deps, request), request.params.id),
  );
}
