import { formatDateTimeIn, formatMoney, type Recall, type RecallSendResult } from '@pd/contracts';

/** The state in words: "Overdue", "Notice 2 of 3 sent", "Completed". */
export function recallState(r: Recall): string {
  if (r.status === 'completed') return 'Completed (booked)';
  if (r.status === 'cancelled') return 'Cancelled';
  const notice = r.noticesSent > 0 ? `Notice ${r.noticesSent} of ${r.notices} sent` : 'Due';
  return r.overdue ? `${notice}, overdue` : notice;
}

/** What a bulk send did, in one sentence for the status line. */
export function sendSummary(result: RecallSendResult, timeZone: string, currency: string): string {
  const queued = `${result.queued} notice${result.queued === 1 ? '' : 's'} queued (${formatMoney(result.costCents, currency)})`;
  const held =
    result.held > 0 && result.sendAt
      ? `; held for the quiet hours until ${formatDateTimeIn(result.sendAt, timeZone)}`
      : '';
  const skipped = result.skipped.length > 0 ? `; ${result.skipped.length} skipped` : '';
  return `${queued}${held}${skipped}.`;
}
