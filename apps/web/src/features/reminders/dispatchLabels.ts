import type { ReminderDispatch, ReminderKind } from '@pd/contracts';

export const KIND_LABELS: Record<ReminderKind, string> = {
  before: 'Reminder',
  booked: 'Booking notice',
  changed: 'Change notice',
  cancelled: 'Cancellation notice',
};
export const CHANNEL_LABELS = { sms: 'SMS', email: 'E-mail' } as const;

/** Failed to send, or sent and not delivered (refunded): the two a Retry may queue again. */
export const isRetryable = (d: ReminderDispatch) =>
  d.status === 'failed' || ((d.status === 'sent' || d.status === 'merged') && d.messageStatus === 'failed');

/** What happened to a settled dispatch, in a word or two. */
export function outcomeOf(d: ReminderDispatch): string {
  if (isRetryable(d)) return d.status === 'failed' ? 'Failed' : 'Not delivered';
  if (d.status === 'merged') return 'Sent with another';
  if (d.status === 'sent') return d.messageStatus === 'sent' ? 'Delivered' : 'Sent';
  if (d.status === 'skipped') return 'Skipped';
  return d.status === 'pending' ? 'Pending' : 'Superseded';
}

export const HISTORY_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Skipped' },
];
