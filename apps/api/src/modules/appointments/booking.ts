import { type AppointmentType, MAX_APPOINTMENT_MINUTES } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { invalidField, MINUTE } from './diary-company.ts';
import { findPractitioner } from './practitioner.queries.ts';
import { findRoom } from './room.queries.ts';
import { findType } from './type.queries.ts';

/** The ids a booking names; each must be the company's own, live and active (else 400 on its field). */
export interface BookingRefs {
  clientId: number;
  practitionerId: number;
  roomId: number | null;
  typeId: number;
}

/**
 * Checks the references that changed (an existing appointment of a client deleted since can still move)
 * and answers the type, whose lengths and buffer the booking follows.
 */
export async function checkReferences(
  tx: Tx,
  companyId: number,
  refs: BookingRefs,
  changed: Partial<Record<keyof BookingRefs, boolean>> = {
    clientId: true,
    practitionerId: true,
    roomId: true,
    typeId: true,
  },
): Promise<AppointmentType> {
  if (changed.clientId && !(await findLiveClient(tx, companyId, refs.clientId)))
    throw invalidField('body.clientId', 'Choose a client of the company (deleted clients cannot be booked).');
  const practitioner = await findPractitioner(tx, companyId, refs.practitionerId);
  if (changed.practitionerId && practitioner?.active !== 'Y')
    throw invalidField('body.practitionerId', 'Choose one of the company’s practitioners.');
  if (changed.roomId && refs.roomId !== null && (await findRoom(tx, companyId, refs.roomId))?.active !== 'Y')
    throw invalidField('body.roomId', 'Choose one of the company’s rooms.');
  const type = await findType(tx, companyId, refs.typeId);
  if (!type || (changed.typeId && type.active !== 'Y'))
    throw invalidField('body.typeId', 'Choose one of the company’s appointment types.');
  if (
    (changed.typeId || changed.practitionerId) &&
    type.practitionerIds.length > 0 &&
    !type.practitionerIds.includes(refs.practitionerId)
  )
    throw invalidField(
      'body.typeId',
      `${practitioner?.displayName ?? 'The practitioner'} does not offer ${type.name}.`,
    );
  return type;
}

/** Start before end, at most 12 hours, and within the lengths the type allows; else 400 on body.end. */
export function checkLength(start: Date, end: Date, type: AppointmentType, path = 'body.end') {
  const minutes = (end.getTime() - start.getTime()) / MINUTE;
  if (minutes <= 0) throw invalidField(path, 'The end must be after the start.');
  if (minutes > MAX_APPOINTMENT_MINUTES) throw invalidField(path, 'An appointment lasts at most 12 hours.');
  if (minutes < type.minMinutes || minutes > type.maxMinutes)
    throw invalidField(path, `${type.name} lasts from ${type.minMinutes} to ${type.maxMinutes} minutes.`);
}

export const endOrDefault = (start: Date, end: Date | undefined, type: AppointmentType) =>
  end ?? new Date(start.getTime() + type.durationMinutes * MINUTE);

/** Rich text as the allow-list keeps it; empty is none. */
export function storedNotes(notes: string | null | undefined): string | null {
  if (!notes?.trim()) return null;
  const clean = sanitizeRichText(notes).trim();
  return clean ? clean : null;
}
