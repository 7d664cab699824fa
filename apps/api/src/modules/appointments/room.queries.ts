import { and, asc, count, eq, sql } from 'drizzle-orm';
import { appointments, practitioners, rooms } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

export interface RoomValues {
  name: string;
  description: string | null;
  active: 'Y' | 'N';
}

const columns = {
  id: rooms.id,
  companyId: rooms.companyId,
  name: rooms.name,
  description: rooms.description,
  active: sql<'Y' | 'N'>`${rooms.active}`,
};
const ofCompany = (companyId: number, id: number) => and(eq(rooms.companyId, companyId), eq(rooms.id, id));

export const selectRooms = (tx: Tx, companyId: number) =>
  tx
    .select(columns)
    .from(rooms)
    .where(eq(rooms.companyId, companyId))
    .orderBy(asc(rooms.name), asc(rooms.id));

export async function findRoom(tx: Tx, companyId: number, id: number, lock = false) {
  const query = tx.select(columns).from(rooms).where(ofCompany(companyId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findRoomByName(tx: Tx, companyId: number, name: string) {
  const [row] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), sql`lower(${rooms.name}) = lower(${name})`));
  return row;
}

export async function insertRoom(tx: Tx, companyId: number, values: RoomValues) {
  const [row] = await tx
    .insert(rooms)
    .values({ ...values, companyId })
    .returning(columns);
  return mustExist(row, 'room');
}

export async function updateRoom(tx: Tx, companyId: number, id: number, values: RoomValues) {
  const [row] = await tx
    .update(rooms)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning(columns);
  return mustExist(row, 'room');
}

/** Appointments and practitioners that name the room (a used room is set inactive instead of deleted). */
export async function countRoomUses(tx: Tx, companyId: number, id: number): Promise<number> {
  const [a] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.roomId, id)));
  const [p] = await tx
    .select({ n: count() })
    .from(practitioners)
    .where(and(eq(practitioners.companyId, companyId), eq(practitioners.defaultRoomId, id)));
  return (a?.n ?? 0) + (p?.n ?? 0);
}

export async function deleteRoom(tx: Tx, companyId: number, id: number) {
  await tx.delete(rooms).where(ofCompany(companyId, id));
}
