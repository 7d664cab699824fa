import type { AppointmentStatus, TimelineEntry, TimelineKind } from '@pd/contracts';
import { capitalised } from '../../components/form/options.ts';
import { auditActionLabel } from '../audit/auditActions.ts';
import { STATUS_LABELS } from '../client-appointments/appointmentLabels.ts';
import { type RecordSection, recordHref } from './recordHref.ts';

/** Each kind's icon and its one-word label on an entry (the chips use TIMELINE_KIND_LABELS). */
export const KIND_LOOK: Record<TimelineKind, { icon: string; label: string }> = {
  note: { icon: 'file-edit', label: 'Note' },
  call: { icon: 'phone', label: 'Call' },
  email: { icon: 'envelope', label: 'E-mail' },
  sms: { icon: 'comment', label: 'SMS' },
  invoice: { icon: 'receipt', label: 'Invoice' },
  appointment: { icon: 'calendar', label: 'Appointment' },
  audit: { icon: 'history', label: 'Audit' },
};

const SECTION_OF_KIND: Record<Exclude<TimelineKind, 'call'>, RecordSection> = {
  note: 'notes',
  email: 'messages',
  sms: 'messages',
  invoice: 'invoices',
  appointment: 'appointments',
  audit: 'audit',
};

/** Where an entry opens: its kind's section of the record, or the call log for a call. */
export function entryHref(clientId: number, entry: Pick<TimelineEntry, 'kind'>): string {
  return entry.kind === 'call' ? '/commonPhoneCalls' : recordHref(clientId, SECTION_OF_KIND[entry.kind]);
}

/** The chips' choice after pressing one: none chosen means every kind. */
export function toggleKind(chosen: readonly TimelineKind[], kind: TimelineKind): TimelineKind[] {
  return chosen.includes(kind) ? chosen.filter((k) => k !== kind) : [...chosen, kind];
}

/** An entry's status in words: an audit entry's action, an appointment's status as the diary says it. */
export function statusWords(entry: Pick<TimelineEntry, 'kind' | 'status'>): string | null {
  if (!entry.status) return null;
  if (entry.kind === 'audit') return auditActionLabel(entry.status);
  if (entry.kind === 'appointment') return STATUS_LABELS[entry.status as AppointmentStatus] ?? entry.status;
  return capitalised(entry.status);
}
