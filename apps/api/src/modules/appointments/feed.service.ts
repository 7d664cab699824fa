import type { CalendarFeedCreated, CalendarFeedState } from '@pd/contracts';
import ical from 'ical-generator';
import { hashToken, newSessionToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { initialsOf } from './clash.queries.ts';
import { diaryCompany } from './diary-company.ts';
import {
  findFeedByHash,
  findLiveFeed,
  insertFeed,
  revokeLiveFeed,
  selectFeedEvents,
} from './feed.queries.ts';
import { findPractitioner } from './practitioner.queries.ts';

const audit = { subProcess: 'Security' as const };
const DAY = 86_400_000;
/** What a calendar app shows: the last month and the next six. */
const PAST_DAYS = 31;
const FUTURE_DAYS = 183;

export const feedPath = (token: string) => `/api/appointment/ics/${token}`;

export const calendarFeedState = (scope: Scope) =>
  inTenant(scope, async (tx): Promise<CalendarFeedState> => {
    const feed = await findLiveFeed(tx, scope.principal.companyId, scope.principal.userId);
    return { active: Boolean(feed), createdAt: feed ? feed.createdAt.toISOString() : null };
  });

/**
 * A new secret feed address for the caller (a practitioner), revoking the old one. The token is 256 random
 * bits and only its SHA-256 is kept, so the address is shown this once.
 */
export const createCalendarFeed = (scope: Scope, baseUrl: string) =>
  inTenant(scope, async (tx): Promise<CalendarFeedCreated> => {
    const { companyId, userId } = scope.principal;
    if (!(await findPractitioner(tx, companyId, userId)))
      throw new ForbiddenError('Only practitioners have a calendar feed.');
    const replaced = await revokeLiveFeed(tx, companyId, userId);
    const token = newSessionToken();
    const createdAt = await insertFeed(tx, companyId, userId, hashToken(token));
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'calendar-feed.create',
      description: replaced ? 'Replaced the calendar feed address.' : 'Created a calendar feed address.',
    });
    return { url: `${baseUrl}${feedPath(token)}`, createdAt: createdAt.toISOString() };
  });

export const revokeCalendarFeed = (scope: Scope) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    if ((await revokeLiveFeed(tx, companyId, userId)) === 0) throw new NotFoundError('Calendar feed');
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'calendar-feed.revoke',
      description: 'Revoked the calendar feed address.',
    });
  });

/**
 * The public feed: times, the type and the client's initials only (no notes, no health details). An unknown
 * token answers 404, a revoked one 410.
 */
export async function renderCalendarFeed(db: Db, token: string): Promise<string> {
  const feed = await withSystem(db, (tx) => findFeedByHash(tx, hashToken(token)));
  if (!feed) throw new NotFoundError('Calendar feed');
  if (feed.revokedAt) throw new DomainError('NOT_FOUND', 410, 'This calendar feed was revoked.');
  return withTenant(db, feed.companyId, async (tx) => {
    const company = await diaryCompany(tx, feed.companyId);
    const now = Date.now();
    const events = await selectFeedEvents(
      tx,
      feed.companyId,
      feed.userId,
      new Date(now - PAST_DAYS * DAY),
      new Date(now + FUTURE_DAYS * DAY),
    );
    const calendar = ical({
      name: 'Practice Desk appointments',
      prodId: { company: 'Practice Desk', product: 'diary' },
      timezone: company.timeZone,
    });
    for (const e of events) {
      const initials = initialsOf({
        type: e.clientType,
        firstName: e.firstName,
        lastName: e.lastName,
        name: e.clientName,
      });
      calendar.createEvent({
        id: `appointment-${e.id}@practicedesk`,
        start: e.startAt,
        end: e.endAt,
        stamp: e.startAt,
        summary: `${e.typeName} – ${initials}`,
      });
    }
    return calendar.toString();
  });
}
