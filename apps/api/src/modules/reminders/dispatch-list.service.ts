import {
  addDaysIso,
  REMINDER_FORECAST_DAYS,
  type ReminderDispatch,
  type ReminderDispatchPage,
  todayIn,
  wallClockToInstant,
} from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findAppointmentId } from './appointment-link.queries.ts';
import {
  countDispatches,
  type DispatchViewRow,
  historyWhere,
  lockForRetry,
  requeueDispatch,
  selectDispatchViews,
  upcomingWhere,
} from './dispatch-list.queries.ts';
import { samplePreview } from './preview.ts';
import { type ReminderCompany, reminderCompany } from './reminder-company.ts';

/** The end of the forecast's last day (today and the six after it, in the company's zone). */
const forecastEnd = (timeZone: string) =>
  wallClockToInstant(addDaysIso(todayIn(timeZone), REMINDER_FORECAST_DAYS), '00:00', timeZone) as Date;

/** A pending dispatch costs what its template costs with typical values; a sent one what was charged. */
function view(company: ReminderCompany, row: DispatchViewRow): ReminderDispatch {
  const { template, ...rest } = row;
  if (row.status !== 'pending') return { ...rest, estimated: false };
  const preview = samplePreview(company, template);
  return { ...rest, segments: preview.segments, costCents: preview.costCents, estimated: true };
}

async function page(
  tx: Tx,
  companyId: number,
  where: ReturnType<typeof sql>,
  order: ReturnType<typeof sql>,
  p: { page: number; size: number },
): Promise<ReminderDispatchPage> {
  const company = await reminderCompany(tx, companyId);
  const rows = await selectDispatchViews(tx, where, order, company.timeZone, {
    limit: p.size,
    offset: (p.page - 1) * p.size,
  });
  return {
    content: rows.map((r) => view(company, r)),
    totalElements: await countDispatches(tx, where),
    timeZone: company.timeZone,
  };
}

/** What will go out in the next 7 days (and anything overdue), soonest first. */
export const upcoming = (scope: Scope, q: { channel?: string | undefined; page: number; size: number }) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const company = await reminderCompany(tx, companyId);
    const where = upcomingWhere(companyId, forecastEnd(company.timeZone), q.channel);
    return page(tx, companyId, where, sql`d.due_at, d.id`, q);
  });

/** What went out, failed or was skipped, newest first. */
export const history = (
  scope: Scope,
  q: { status: string; channel?: string | undefined; page: number; size: number },
) =>
  inTenant(scope, (tx) =>
    page(
      tx,
      scope.principal.companyId,
      historyWhere(scope.principal.companyId, q.status, q.channel),
      sql`d.settled_at desc, d.id desc`,
      q,
    ),
  );

/** Every dispatch of one appointment, newest version first (the diary's "reminders" of a booking). */
export const appointmentDispatches = (scope: Scope, appointmentId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await findAppointmentId(tx, companyId, appointmentId), 'Appointment');
    const company = await reminderCompany(tx, companyId);
    const rows = await selectDispatchViews(
      tx,
      sql`d.company_id = ${companyId} and d.appointment_id = ${appointmentId}`,
      sql`d.version desc, d.due_at, d.id`,
      company.timeZone,
    );
    return rows.map((r) => view(company, r));
  });

/**
 * A failed dispatch, or a sent one whose message was not delivered (refunded), as a new attempt: pending
 * and due now, decided afresh by the dispatcher (a new message, charged again). 409 for anything else.
 */
export const retryDispatch = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const d = mustExist(await lockForRetry(tx, companyId, id), 'Reminder');
    const undelivered = (d.status === 'sent' || d.status === 'merged') && d.messageStatus === 'failed';
    if (d.status !== 'failed' && !undelivered)
      throw new ConflictError('Only a failed or undelivered reminder can be retried.');
    const wanted = d.kind === 'cancelled' ? 'cancelled' : 'booked';
    if (d.appointmentStatus !== wanted || d.started || d.changed)
      throw new ConflictError(
        'The appointment has changed, started or is no longer booked: nothing to retry.',
      );
    await requeueDispatch(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'reminder.retry',
      description: `Queued reminder ${id} again.`,
      changes: { dispatchId: id, from: d.status },
    });
    const company = await reminderCompany(tx, companyId);
    const [row] = await selectDispatchViews(
      tx,
      sql`d.company_id = ${companyId} and d.id = ${id}`,
      sql`d.id`,
      company.timeZone,
    );
    return view(company, mustExist(row, 'Reminder'));
  });
