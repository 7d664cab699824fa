import { DISPATCH_REASONS, toE164 } from '@pd/contracts';
import { usableEmail } from '../messaging/recipients.ts';
import type { DispatchContext } from './dispatch.queries.ts';

export type Verdict =
  | { send: true; recipient: string }
  | { send: false; status: 'skipped' | 'failed' | 'superseded'; reason: string };

const STATUS_WORDS: Record<string, string> = {
  cancelled: 'cancelled',
  noshow: 'a no-show',
  arrived: 'arrived',
  fulfilled: 'completed',
  'entered-in-error': 'entered in error',
};

const no = (status: 'skipped' | 'failed' | 'superseded', reason: string): Verdict => ({
  send: false,
  status,
  reason,
});

/**
 * Whether a claimed dispatch goes out, decided on the appointment and client as they are now: nothing for
 * an appointment no longer booked (a cancellation notice: no longer cancelled) or already started, nothing
 * for one booked after its reminder was due, nothing to a client who opted out (commStatus N).
 */
export function decide(c: DispatchContext, now: number): Verdict {
  const a = c.appointment;
  const R = DISPATCH_REASONS;
  if (!c.ruleLive || (c.kind === 'before' && a.typeId !== c.ruleTypeId))
    return no('superseded', R.ruleChanged);
  // A reminder is for one start; a notice says the appointment as it is now (its time may have moved).
  const moved = c.kind === 'before' && a.startsAt.getTime() !== c.startsAt.getTime();
  if (moved || a.clientId !== c.clientId) return no('superseded', R.bookingChanged);
  if (c.kind === 'cancelled') {
    if (a.status !== 'cancelled') return no('skipped', R.notCancelled);
  } else if (a.status !== 'booked') {
    return no('skipped', R.notBooked(STATUS_WORDS[a.status] ?? a.status));
  }
  if (a.startsAt.getTime() <= now) return no('skipped', R.started);
  if (c.kind === 'before' && a.createdAt.getTime() > c.dueAt.getTime()) return no('skipped', R.insideOffset);
  if (
    c.kind === 'changed' &&
    c.toldStartsAt?.getTime() === a.startsAt.getTime() &&
    c.toldPractitionerId === a.practitionerId
  )
    return no('skipped', R.unchanged);
  if (c.client.deleted) return no('skipped', R.clientDeleted);
  if (c.client.commStatus === 'N') return no('skipped', R.optedOut);
  if (c.channel === 'sms') {
    const to = c.client.mobile ? toE164(c.client.mobile, c.client.country) : null;
    return to ? { send: true, recipient: to } : no('failed', R.noMobile);
  }
  const to = usableEmail(c.client.email);
  return to ? { send: true, recipient: to } : no('failed', R.noEmail);
}
