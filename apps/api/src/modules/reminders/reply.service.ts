import type { ReplyListQuery, SmsReply, SmsReplyPage } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { countReplies, markHandled, selectReplies, selectReply } from './reply-list.queries.ts';

/** The Reminders page's reply inbox: the company's received SMS, those waiting for a person first. */
export const listReplies = (scope: Scope, query: ReplyListQuery) =>
  inTenant(scope, async (tx): Promise<SmsReplyPage> => {
    const { companyId } = scope.principal;
    const { timeZone } = await diaryCompany(tx, companyId);
    const counts = await countReplies(tx, companyId, query.filter);
    return {
      content: await selectReplies(tx, companyId, query, timeZone),
      totalElements: counts.total,
      unhandled: counts.unhandled,
      timeZone,
    };
  });

/** A person has dealt with an inbox reply; a reply that confirmed or cancelled by itself needs no one. */
export const handleReply = (scope: Scope, id: number) =>
  inTenant(scope, async (tx): Promise<SmsReply> => {
    const { companyId, userId } = scope.principal;
    const outcome = mustExist(await markHandled(tx, companyId, id, userId), 'Reply');
    if (outcome !== 'inbox')
      throw new ConflictError(`This reply ${outcome} its appointment by itself: there is nothing to handle.`);
    const { timeZone } = await diaryCompany(tx, companyId);
    return mustExist(await selectReply(tx, companyId, id, timeZone), 'Reply');
  });
