import {
  CALL_OUTCOME_LABELS,
  type CallOutcome,
  formatMoney,
  TIMELINE_KINDS,
  TIMELINE_SUMMARY_CHARS,
  type TimelineEntry,
  type TimelinePage,
  type TimelineQuery,
  timelineCursorOf,
} from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { oneLine, plainTextOf } from '../../lib/rich-text.ts';
import { mustExist } from '../../lib/sql.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { type TimelineRow, timelineRows } from './timeline.queries.ts';

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;

/** What a row adds to its summary line beyond its own text (an amount, a duration). */
function extraOf(row: TimelineRow): string | null {
  if (row.kind === 'invoice' && row.amountCents !== null && row.currency)
    return formatMoney(row.amountCents, row.currency);
  if (row.kind === 'call' && row.amountCents !== null && row.amountCents > 0) return minutes(row.amountCents);
  if (row.kind === 'appointment' && row.amountCents !== null) return `${row.amountCents} min`;
  return null;
}

function statusOf(row: TimelineRow): string | null {
  if (row.kind === 'call' && row.status) return CALL_OUTCOME_LABELS[row.status as CallOutcome] ?? row.status;
  return row.status;
}

export function entryOf(row: TimelineRow): TimelineEntry {
  const text = row.rich ? plainTextOf(row.body, TIMELINE_SUMMARY_CHARS) : row.body;
  const extra = extraOf(row);
  return {
    kind: row.kind,
    id: row.id,
    at: row.at,
    title: oneLine(row.title, TIMELINE_SUMMARY_CHARS),
    summary: oneLine([extra, text].filter(Boolean).join(' · '), TIMELINE_SUMMARY_CHARS),
    who: row.who,
    status: statusOf(row),
  };
}

/**
 * Issue 17, part 9: the client's notes, calls, e-mails, SMS, invoices, appointments and audit entries as one
 * timeline, newest first, a page at a time from a cursor. Another company's (or a deleted) client is 404.
 */
export const clientTimeline = (scope: Scope, clientId: number, q: TimelineQuery): Promise<TimelinePage> =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    mustExist(await findLiveClient(tx, companyId, clientId), 'Client');
    const rows = await timelineRows(tx, {
      companyId,
      clientId,
      userId,
      kinds: q.kinds ?? TIMELINE_KINDS,
      cursor: q.cursor,
      limit: q.size + 1,
    });
    const entries = rows.slice(0, q.size).map(entryOf);
    const last = entries.at(-1);
    return { entries, nextCursor: rows.length > q.size && last ? timelineCursorOf(last) : null };
  });
