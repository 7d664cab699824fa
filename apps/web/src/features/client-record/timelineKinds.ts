import { type AppointmentStatus, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '@pd/contracts';
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
  stage: { icon: 'filter', label: 'Pipeline' },
  audit: { icon: 'history', label: 'Audit' },
};

const SECTION_OF_KIND: Record<Exclude<TimelineKind, 'call' | 'stage'>, RecordSection> = {
  note: 'notes',
  email: 'messages',
  sms: 'messages',
  invoice: 'invoices',
  appointment: 'appointments',
  audit: 'audit',
};

/** Where an entry opens: its kind's section of the record, the call log for a call, Prospects for a stage. */
export function entryHref(clientId: number, entry: Pick<TimelineEntry, 'kind'>): string {
  if (entry.kind === 'call') return '/commonPhoneCalls';
  if (entry.kind === 'stage') return '/commonProspects';
  return recordHref(clientId, SECTION_OF_KIND[entry.kind]);
}

/** The kinds a user can have: an opportunity's stages only where the menu has Prospects. */
export const kindsFor = (hasProspects: boolean): TimelineKind[] =>
  TIMELINE_KINDS.filter((kind) => kind !== 'stage' || hasProspects);

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
