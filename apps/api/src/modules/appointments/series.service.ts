import {
  type Clash,
  MAX_SERIES_OCCURRENCES,
  type SeriesInput,
  type SeriesResult,
  wallClockStringToInstant,
} from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertAppointments, insertSeries, selectAppointmentsByIds } from './appointment.queries.ts';
import { checkLength, checkReferences, endOrDefault, storedNotes } from './booking.ts';
import { findClashes } from './clash.queries.ts';
import { ClashError, describeClash, withoutOverlap } from './clash.ts';
import { diaryCompany, instantOrInvalid, invalidField } from './diary-company.ts';
import { expandDays } from './recurrence.ts';
import { recallsBooked, remindersFollow } from './reminder-port.ts';

const occurrencePath = (index: number) => `body.occurrences.${index}`;

/** 409 listing each clashing occurrence by its number in the series. */
export const seriesClashError = (clashes: (Clash & { index: number })[]) =>
  new ClashError(
    clashes.map((c) => ({
      path: occurrencePath(c.index),
      message: `Occurrence ${c.index + 1}: ${describeClash(c)}`,
    })),
  );

/**
 * Books a whole series in one transaction. Occurrences that clash answer 409, each named, and nothing is
 * written, unless the request says to skip them; then the free ones are booked and the skipped answered.
 */
export const createSeries = (scope: Scope, input: SeriesInput) =>
  inTenant(scope, async (tx): Promise<SeriesResult> => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const tz = company.timeZone;
    const refs = { ...input, roomId: input.roomId ?? null };
    const type = await checkReferences(tx, company.id, refs);
    const first = instantOrInvalid(input.start, tz, 'body.start');
    const firstEnd = endOrDefault(
      first,
      input.end ? instantOrInvalid(input.end, tz, 'body.end') : undefined,
      type,
    );
    checkLength(first, firstEnd, type);
    const length = firstEnd.getTime() - first.getTime();
    const [day = '', time = ''] = input.start.split('T');
    const { days, rule } = expandDays(day, tz, input);
    if (days.length > MAX_SERIES_OCCURRENCES)
      throw invalidField('body.until', `A series has at most ${MAX_SERIES_OCCURRENCES} occurrences.`);
    const spans = days.map((d, i) => {
      const start = wallClockStringToInstant(`${d}T${time}`, tz);
      if (!start)
        throw invalidField(
          occurrencePath(i),
          `${d} ${time} does not exist in ${tz}: the clocks go forward then.`,
        );
      return { start, end: new Date(start.getTime() + length) };
    });
    const probe = { ...refs, bufferMinutes: type.bufferAfterMinutes, spans };
    const clashes = input.allowOverlap ? [] : await findClashes(tx, company.id, probe, tz);
    if (clashes.length > 0 && !input.skipClashes) throw seriesClashError(clashes);
    const clashing = new Set(clashes.map((c) => c.index));
    const free = spans.map((s, index) => ({ ...s, index })).filter((s) => !clashing.has(s.index));
    if (free.length === 0) throw seriesClashError(clashes);
    const seriesId = await insertSeries(
      tx,
      company.id,
      scope.principal.userId,
      input.frequency,
      rule,
      free.length,
    );
    const notes = storedNotes(input.notes);
    const rows = free.map((s) => ({
      ...refs,
      start: s.start,
      end: s.end,
      bufferMinutes: type.bufferAfterMinutes,
      notes,
      allowOverlap: input.allowOverlap,
      seriesId,
      seriesIndex: s.index + 1,
    }));
    const ids = await withoutOverlap(
      tx,
      (sp) => insertAppointments(sp, company.id, scope.principal.userId, rows),
      async () => {
        // Another booking committed in between: name what clashes now.
        throw seriesClashError(await findClashes(tx, company.id, { ...probe, spans: free }, tz));
      },
    );
    await remindersFollow(tx, company.id, ids);
    await recallsBooked(tx, company.id, ids);
    const appointments = await selectAppointmentsByIds(tx, company.id, ids, tz);
    const firstBooked = appointments[0];
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      clientId: input.clientId,
      action: input.allowOverlap ? 'appointment.series.create.double-booked' : 'appointment.series.create',
      description: `Booked a ${input.frequency} series of ${ids.length} ${type.name} with ${firstBooked?.practitionerName ?? 'the practitioner'} from ${input.start.replace('T', ' ')}${
        clashes.length > 0 ? `, skipping ${clashes.length} that clashed` : ''
      }.`,
      changes: {
        seriesId,
        rule,
        appointmentIds: ids,
        skipped: clashes.map((c) => c.index + 1),
        allowOverlap: input.allowOverlap,
      },
    });
    const skipped = clashes.map((c) => ({
      index: c.index,
      startLocal: days[c.index] ? `${days[c.index]}T${time}` : '',
      clash: strip(c),
    }));
    return { seriesId, appointments, skipped };
  });

const strip = ({ index: _index, ...clash }: Clash & { index: number }): Clash => clash;
