import type { AvailabilityException, ExceptionInput, ExceptionUpdate } from '@pd/contracts';
import { exceptionInputSchema } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteException,
  type ExceptionFilter,
  type ExceptionValues,
  findException,
  insertException,
  selectExceptions,
  updateException,
} from './availability.queries.ts';
import { diaryCompany, invalidField } from './diary-company.ts';
import { holidayCalendarName, publicHolidays } from './holidays.ts';
import { findPractitioner } from './practitioner.queries.ts';

const audit = { subProcess: 'Client Management' as const };
const describe = (v: ExceptionValues) =>
  `${v.kind} ${v.startDate}${v.endDate === v.startDate ? '' : ` to ${v.endDate}`}${v.startTime ? ` ${v.startTime}–${v.endTime}` : ''}`;

export const listExceptions = (scope: Scope, filter: ExceptionFilter) =>
  inTenant(scope, (tx) => selectExceptions(tx, scope.principal.companyId, filter));

export const listHolidays = (scope: Scope, start?: string, end?: string) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    return {
      calendar: holidayCalendarName(company.holidayCalendar),
      holidays: publicHolidays(company.holidayCalendar, start, end),
    };
  });

const values = (input: ExceptionInput): ExceptionValues => ({
  userId: input.practitionerId,
  kind: input.kind,
  startDate: input.startDate,
  endDate: input.endDate,
  startTime: input.startTime ?? null,
  endTime: input.endTime ?? null,
  note: input.note?.trim() ? input.note.trim() : null,
});

export const createException = (scope: Scope, input: ExceptionInput) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const v = values(input);
    if (v.userId !== null && !(await findPractitioner(tx, companyId, v.userId)))
      throw invalidField('body.practitionerId', 'Choose one of the company’s practitioners.');
    const id = await insertException(tx, companyId, userId, v);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'exception.create',
      description: `Added availability exception: ${describe(v)}.`,
      changes: { exceptionId: id, ...v },
    });
    return mustExist(await findException(tx, companyId, id), 'Exception');
  });

/** Absent fields keep their value; the merged exception is checked as on create. */
export const changeException = (scope: Scope, id: number, patch: ExceptionUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before: AvailabilityException = mustExist(await findException(tx, companyId, id), 'Exception');
    const { id: _id, companyId: _companyId, ...current } = before;
    const merged = exceptionInputSchema.safeParse({ ...current, ...stripUndefined(patch) });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      throw invalidField(`body.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'Invalid value.');
    }
    const v = values(merged.data);
    if (v.userId !== null && !(await findPractitioner(tx, companyId, v.userId)))
      throw invalidField('body.practitionerId', 'Choose one of the company’s practitioners.');
    await updateException(tx, companyId, id, v);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'exception.update',
      description: `Changed availability exception: ${describe(v)}.`,
      changes: { exceptionId: id, from: before, to: v },
    });
    return mustExist(await findException(tx, companyId, id), 'Exception');
  });

export const removeException = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findException(tx, companyId, id), 'Exception');
    await deleteException(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'exception.delete',
      description: `Deleted availability exception ${before.kind} ${before.startDate}.`,
    });
  });

function stripUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
