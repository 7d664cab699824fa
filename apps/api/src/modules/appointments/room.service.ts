import type { RoomInput, RoomUpdate } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { invalidField } from './diary-company.ts';
import {
  countRoomUses,
  deleteRoom,
  findRoom,
  findRoomByName,
  insertRoom,
  type RoomValues,
  selectRooms,
  updateRoom,
} from './room.queries.ts';

const stored = (input: RoomInput): RoomValues => ({
  name: input.name,
  description: input.description?.trim() ? input.description.trim() : null,
  active: input.active,
});

const audit = { subProcess: 'Client Management' as const };

export const listRooms = (scope: Scope) =>
  inTenant(scope, (tx) => selectRooms(tx, scope.principal.companyId));

export const createRoom = (scope: Scope, input: RoomInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const values = stored(input);
    if (await findRoomByName(tx, companyId, values.name))
      throw invalidField('body.name', 'A room of this name exists.');
    const room = await insertRoom(tx, companyId, values);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'room.create',
      description: `Added room ${values.name}.`,
      changes: { roomId: room.id, ...values },
    });
    return room;
  });

export const changeRoom = (scope: Scope, id: number, patch: RoomUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRoom(tx, companyId, id, true), 'Room');
    const values = stored({
      name: patch.name ?? before.name,
      description: patch.description === undefined ? before.description : patch.description,
      active: patch.active ?? before.active,
    });
    const same = await findRoomByName(tx, companyId, values.name);
    if (same && same.id !== id) throw invalidField('body.name', 'A room of this name exists.');
    const changes = diffFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    const room = await updateRoom(tx, companyId, id, values);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'room.update',
      description: `Updated room ${values.name}.`,
      changes,
    });
    return room;
  });

/** A room that appointments or practitioners name stays (set it inactive instead). */
export const removeRoom = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRoom(tx, companyId, id, true), 'Room');
    if ((await countRoomUses(tx, companyId, id)) > 0)
      throw new ConflictError(
        `The room "${before.name}" is in use and cannot be deleted; set it inactive instead.`,
      );
    await deleteRoom(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'room.delete',
      description: `Deleted room ${before.name}.`,
    });
  });
