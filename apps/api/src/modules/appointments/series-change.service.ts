import {
  type AppointmentUpdate,
  addDaysIso,
  type SeriesScope,
  type SeriesStatusInput,
  type SeriesUpdate,
  wallClockStringOf,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  checkOverlapsAtCommit,
  lockAppointment,
  lockSeriesOccurrences,
  type NewAppointment,
  type StoredAppointment,
  selectAppointmentsByIds,
  updateAppointment,
} from './appointment.queries.ts';
import { applyStatus } from './appointment.service.ts';
import { isLive, nextValues } from './appointment-change.ts';
import { findClashes } from './clash.queries.ts';
import { withoutOverlap } from './clash.ts';
import { type DiaryCompany, diaryCompany, localOf } from './diary-company.ts';
import { remindersFollow } from './reminder-port.ts';
import { seriesClashError } from './series.service.ts';

/** This one; this and the later ones; or every one: of those still in the state this one is in. */
async function targetsOf(tx: Tx, companyId: number, anchor: StoredAppointment, scope: SeriesScope) {
  if (scope === 'this' || anchor.seriesId === null) return [anchor];
  const from = scope === 'all' ? 0 : (anchor.seriesIndex ?? 0);
  const rows = await lockSeriesOccurrences(tx, companyId, anchor.seriesId, from);
  return rows.filter((r) => r.id === anchor.id || r.status === anchor.status);
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * Applies one change to several occurrences: a new time moves each by the same number of days to the same
 * wall-clock time (so a series keeps its 09:00 across the clock change), with the edited one's length.
 */
async function plan(
  tx: Tx,
  company: DiaryCompany,
  anchor: StoredAppointment,
  targets: StoredAppointment[],
  input: SeriesUpdate,
) {
  const { scope: _scope, ...patch } = input;
  const tz = company.timeZone;
  const anchorNext = await nextValues(tx, company, anchor, patch);
  const timed = patch.start !== undefined || patch.end !== undefined;
  const shift = daysBetween(
    localOf(anchor.startAt, tz).slice(0, 10),
    localOf(anchorNext.next.start, tz).slice(0, 10),
  );
  const clock = localOf(anchorNext.next.start, tz).slice(11);
  const length = anchorNext.next.end.getTime() - anchorNext.next.start.getTime();
  const plans = [];
  for (const t of targets) {
    if (t.id === anchor.id) {
      plans.push({ before: t, ...anchorNext });
      continue;
    }
    const { start: _s, end: _e, ...rest } = patch;
    let own: AppointmentUpdate = rest;
    if (timed) {
      const startWall = `${addDaysIso(localOf(t.startAt, tz).slice(0, 10), shift)}T${clock}`;
      const next = await nextValues(tx, company, t, { ...rest, start: startWall });
      own = { ...rest, start: startWall, end: wallClockStringOf(next.next.start.getTime() + length, tz) };
    }
    plans.push({ before: t, ...(await nextValues(tx, company, t, own)) });
  }
  return plans;
}

export const changeSeries = (scope: Scope, id: number, input: SeriesUpdate) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const anchor = mustExist(await lockAppointment(tx, company.id, id), 'Appointment');
    const targets = await targetsOf(tx, company.id, anchor, input.scope);
    const plans = (await plan(tx, company, anchor, targets, input)).filter(
      (p) => Object.keys(p.diff).length > 0,
    );
    const movingIds = targets.map((t) => t.id);
    const checked = plans.filter((p) => p.moved && isLive(p.before.status) && !p.next.allowOverlap);
    const clashes = [];
    for (const p of checked) {
      const found = await findClashes(
        tx,
        company.id,
        { ...p.next, spans: [{ start: p.next.start, end: p.next.end }], excludeIds: movingIds },
        company.timeZone,
      );
      clashes.push(...found.map((c) => ({ ...c, index: (p.before.seriesIndex ?? 1) - 1 })));
    }
    if (clashes.length > 0) throw seriesClashError(clashes);
    await withoutOverlap(
      tx,
      async (sp) => {
        // The occurrences move past each other's old times: the constraints are checked once all have moved.
        await checkOverlapsAtCommit(sp, true);
        for (const p of plans) await updateAppointment(sp, company.id, p.before.id, p.next as NewAppointment);
        await checkOverlapsAtCommit(sp, false);
      },
      async () => {
        throw seriesClashError([]);
      },
    );
    await remindersFollow(
      tx,
      company.id,
      plans.map((p) => p.before.id),
    );
    if (plans.length > 0) {
      await recordAudit(tx, scope.principal, {
        subProcess: 'Client Management',
        clientId: anchor.clientId,
        action: 'appointment.series.update',
        description: `Changed ${plans.length} appointment${plans.length === 1 ? '' : 's'} of series ${anchor.seriesId ?? '—'} (${input.scope}).`,
        changes: Object.fromEntries(plans.map((p) => [String(p.before.id), p.diff])),
      });
    }
    return { appointments: await selectAppointmentsByIds(tx, company.id, movingIds, company.timeZone) };
  });

/** Cancels (or otherwise changes the status of) this, the following or all occurrences; each is audited. */
export const setSeriesStatus = (scope: Scope, id: number, input: SeriesStatusInput) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const anchor = mustExist(await lockAppointment(tx, company.id, id), 'Appointment');
    const targets = await targetsOf(tx, company.id, anchor, input.scope);
    for (const t of targets) await applyStatus(tx, scope.principal, company, t, input);
    return {
      appointments: await selectAppointmentsByIds(
        tx,
        company.id,
        targets.map((t) => t.id),
        company.timeZone,
      ),
    };
  });
