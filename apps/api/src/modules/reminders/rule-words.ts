import type { OffsetUnit, ReminderChannel, ReminderKind } from '@pd/contracts';

const CHANNEL = { sms: 'SMS', email: 'E-mail' } as const;
const NOTICE = { booked: 'on booking', changed: 'on change', cancelled: 'on cancellation' } as const;

/** A rule in words: "SMS 24 hours before", "E-mail on booking". */
export function describeRule(r: {
  kind: ReminderKind;
  channel: ReminderChannel;
  offsetValue: number | null;
  offsetUnit: OffsetUnit;
}): string {
  if (r.kind !== 'before') return `${CHANNEL[r.channel]} ${NOTICE[r.kind]}`;
  const n = r.offsetValue ?? 0;
  const unit = n === 1 ? r.offsetUnit.slice(0, -1) : r.offsetUnit;
  return `${CHANNEL[r.channel]} ${n} ${unit} before`;
}
