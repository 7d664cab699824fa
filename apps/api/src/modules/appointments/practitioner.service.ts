import type { PractitionerInput, WorkingHoursInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { invalidField } from './diary-company.ts';
import {
  findCompanyUser,
  findPractitioner,
  type PractitionerValues,
  replaceHours,
  selectPractitioners,
  upsertPractitioner,
} from './practitioner.queries.ts';
import { findRoom } from './room.queries.ts';

const audit = { subProcess: 'Client Management' as const };
const DEFAULTS: PractitionerValues = {
  active: 'Y',
  colour: '#1e88e5',
  practiceNumber: null,
  registrationNumber: null,
  defaultRoomId: null,
};
const blankToNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

export const listPractitioners = (scope: Scope) =>
  inTenant(scope, (tx) => selectPractitioners(tx, scope.principal.companyId));

/** A user of the company (404 otherwise) that is a practitioner (404 when not made one yet). */
export const getPractitioner = (scope: Scope, userId: number) =>
  inTenant(scope, async (tx) => {
    mustExist(await findCompanyUser(tx, scope.principal.companyId, userId), 'User');
    return mustExist(await findPractitioner(tx, scope.principal.companyId, userId), 'Practitioner');
  });

/** Makes a user a practitioner or changes one; absent fields keep their value. */
export const savePractitioner = (scope: Scope, userId: number, patch: PractitionerInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const user = mustExist(await findCompanyUser(tx, companyId, userId), 'User');
    const before = await findPractitioner(tx, companyId, userId);
    const base: PractitionerValues = before ?? DEFAULTS;
    const values: PractitionerValues = {
      active: patch.active ?? base.active,
      colour: patch.colour ?? base.colour,
      practiceNumber:
        patch.practiceNumber === undefined ? base.practiceNumber : blankToNull(patch.practiceNumber),
      registrationNumber:
        patch.registrationNumber === undefined
          ? base.registrationNumber
          : blankToNull(patch.registrationNumber),
      defaultRoomId: patch.defaultRoomId === undefined ? base.defaultRoomId : patch.defaultRoomId,
    };
    if (values.defaultRoomId !== null && !(await findRoom(tx, companyId, values.defaultRoomId)))
      throw invalidField('body.defaultRoomId', 'Choose one of the company’s rooms.');
    const changes = diffFields(before ?? {}, values);
    if (before && Object.keys(changes).length === 0) return before;
    await upsertPractitioner(tx, companyId, userId, values);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: before ? 'practitioner.update' : 'practitioner.create',
      description: `${before ? 'Updated practitioner' : 'Made practitioner'} ${user.displayName}.`,
      changes,
    });
    return mustExist(await findPractitioner(tx, companyId, userId), 'Practitioner');
  });

/** A practitioner of the caller's company, for the services that take one from a path. */
export async function practitionerOrNotFound(tx: Tx, companyId: number, userId: number) {
  return mustExist(await findPractitioner(tx, companyId, userId), 'Practitioner');
}

export const setWorkingHours = (scope: Scope, userId: number, input: WorkingHoursInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = await practitionerOrNotFound(tx, companyId, userId);
    await replaceHours(tx, companyId, userId, input.intervals);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'practitioner.hours',
      description: `Set working hours of ${before.displayName}.`,
      changes: { from: before.hours, to: input.intervals },
    });
    return mustExist(await findPractitioner(tx, companyId, userId), 'Practitioner');
  });
