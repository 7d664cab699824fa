import {
  CONSECUTIVE_GAP_MINUTES,
  type MergeValues,
  reminderDateTime,
  renderTemplate,
  smsCost,
  wallClockStringOf,
} from '@pd/contracts';
import type { DispatchContext } from './dispatch.queries.ts';
import type { ReminderCompany } from './reminder-company.ts';

/** One message to write: its dispatches (the first is the one whose appointment it names). */
export interface Group {
  members: DispatchContext[];
  recipient: string;
}

const GAP_MS = CONSECUTIVE_GAP_MINUTES * 60_000;

/**
 * Reminders (before the start) of one client, channel and offset whose appointments follow each other on one
 * day, at most the gap apart, go out as one message: the first appointment's. Notices go one by one.
 */
export function groupsOf(
  sendable: { context: DispatchContext; recipient: string }[],
  timeZone: string,
): Group[] {
  const groups: Group[] = [];
  const chains = new Map<string, { context: DispatchContext; recipient: string }[]>();
  for (const s of sendable) {
    const c = s.context;
    if (c.kind !== 'before') {
      groups.push({ members: [c], recipient: s.recipient });
      continue;
    }
    const day = wallClockStringOf(c.startsAt, timeZone).slice(0, 10);
    const key = `${c.clientId}|${c.channel}|${c.offsetMinutes}|${day}`;
    chains.set(key, [...(chains.get(key) ?? []), s]);
  }
  for (const list of chains.values()) {
    list.sort(
      (x, y) => x.context.startsAt.getTime() - y.context.startsAt.getTime() || x.context.id - y.context.id,
    );
    let current: Group | undefined;
    let end = 0;
    for (const s of list) {
      const a = s.context.appointment;
      if (current && a.startsAt.getTime() - end <= GAP_MS) {
        current.members.push(s.context);
      } else {
        current = { members: [s.context], recipient: s.recipient };
        groups.push(current);
      }
      end = Math.max(end, a.endsAt.getTime());
    }
  }
  return groups.sort((x, y) => firstDue(x) - firstDue(y));
}

const firstDue = (g: Group) => Math.min(...g.members.map((m) => m.dueAt.getTime()));

/** The merge values of a dispatch's appointment, as they are now. */
export function valuesOf(c: DispatchContext, company: ReminderCompany): MergeValues {
  const when = reminderDateTime(c.appointment.startsAt, company.timeZone);
  return {
    preferredName: c.client.preferredName || c.client.firstName || c.client.name,
    practiceName: company.name,
    practitioner: c.practitioner,
    date: when.date,
    time: when.time,
    address: company.address,
    cancelInstruction: company.cancelInstruction,
  };
}

/** A group's message: text, subject (e-mail), and segments and cost (SMS). */
export function messageOf(g: Group, company: ReminderCompany) {
  const leader = g.members[0] as DispatchContext;
  const values = valuesOf(leader, company);
  const content = renderTemplate(leader.body, values);
  const sms = leader.channel === 'sms';
  const counted = smsCost(content, company.segmentPriceCents);
  return {
    channel: leader.channel,
    subject: sms ? null : renderTemplate(leader.subject ?? '', values),
    content,
    segments: sms ? counted.segments : 0,
    costCents: sms ? counted.costCents : 0,
  };
}
