import {
  type CallerLookup,
  type CallInput,
  type CallListQuery,
  formatMobile,
  normaliseMobile,
  OPEN_OUTCOMES,
  todayIn,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { mustExist } from '../../lib/sql.ts';
import { selectNextAppointment } from '../appointments/appointment.queries.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findOpportunity } from '../prospects/opportunity.queries.ts';
import { accountOwed } from '../statements/statement.queries.ts';
import { findCompanyUser, findTaskRow, insertTask, updateTask } from '../tasks/task.queries.ts';
import {
  type CallRow,
  closeCall,
  findCall,
  findCompanyAppointment,
  insertCall,
  lockOpenCall,
  selectCallbackQueue,
  selectCallPage,
  selectClientsByMobile,
} from './call.queries.ts';

type Problem = { path: string; message: string };

/** The company's country: numbers are parsed for it, as client mobiles are. */
async function companyCountry(tx: Tx, companyId: number): Promise<string> {
  return mustExist(await findCompany(tx, companyId), 'Company').country;
}

/** Every reference must be the company's; each refusal names its field. */
async function checkInput(tx: Tx, companyId: number, input: CallInput, e164: string | null) {
  const problems: Problem[] = [];
  if (!e164) problems.push({ path: 'body.number', message: 'This is not a phone number.' });
  if (input.clientId && !(await findLiveClient(tx, companyId, input.clientId)))
    problems.push({ path: 'body.clientId', message: 'Choose a client of this company.' });
  if (input.appointmentId) {
    const appointment = await findCompanyAppointment(tx, companyId, input.appointmentId);
    if (!appointment || (input.clientId && appointment.clientId !== input.clientId))
      problems.push({ path: 'body.appointmentId', message: "Choose an appointment of this call's client." });
  }
  if (input.opportunityId) {
    const opportunity = await findOpportunity(tx, companyId, input.opportunityId);
    if (!opportunity || !input.clientId || opportunity.clientId !== input.clientId)
      problems.push({ path: 'body.opportunityId', message: "Choose an opportunity of this call's client." });
  }
  if (input.takenForId && !(await findCompanyUser(tx, companyId, input.takenForId)))
    problems.push({ path: 'body.takenForId', message: 'Choose an active user of this company.' });
  if (OPEN_OUTCOMES.includes(input.outcome) && !input.followUpAt)
    problems.push({ path: 'body.followUpAt', message: 'Choose when to follow this call up.' });
  let closes: CallRow | undefined;
  if (input.closesCallId) {
    closes = await lockOpenCall(tx, companyId, input.closesCallId);
    if (!closes)
      problems.push({ path: 'body.closesCallId', message: 'Choose an open callback of this company.' });
  }
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
  return closes;
}

/** "Message for" a colleague about a known client: a callback task for them, due at the follow-up. */
async function callbackTask(tx: Tx, scope: Scope, input: CallInput, number: string, country: string) {
  if (!input.takenForId || !input.clientId) return null;
  const purpose = input.purpose ? `: ${input.purpose}` : '';
  return insertTask(tx, scope.principal.companyId, {
    clientId: input.clientId,
    processId: null,
    userId: input.takenForId,
    createdBy: scope.principal.userId,
    description: `Call back ${formatMobile(number, country)}${purpose}`.slice(0, 500),
    note: '',
    type: 'O',
    clientVisible: 'N',
    status: 'I',
    due: input.followUpAt ? new Date(input.followUpAt) : null,
  });
}

/** The callback a call answers is closed, with its task when that is still open. */
async function closeCallback(tx: Tx, companyId: number, callback: CallRow, byCallId: number) {
  await closeCall(tx, companyId, callback.id, byCallId);
  if (!callback.taskId) return;
  const task = await findTaskRow(tx, companyId, callback.taskId);
  if (task && (task.status === 'I' || task.status === 'W'))
    await updateTask(tx, companyId, task.id, task.status, { status: 'C' });
}

/**
 * Logs a call. No answer and a left message stay open until their follow-up; so does a call taken for a
 * colleague (the callback queue). A call may close an open callback.
 */
export const createCall = (scope: Scope, input: CallInput) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const country = await companyCountry(tx, companyId);
    const number = normaliseMobile(input.number, country);
    const closes = await checkInput(tx, companyId, input, number);
    const e164 = number as string;
    const taskId = await callbackTask(tx, scope, input, e164, country);
    const open = OPEN_OUTCOMES.includes(input.outcome) || Boolean(input.takenForId);
    const id = await insertCall(tx, companyId, {
      clientId: input.clientId ?? null,
      appointmentId: input.appointmentId ?? null,
      opportunityId: input.opportunityId ?? null,
      direction: input.direction,
      number: e164,
      startedAt: new Date(input.startedAt),
      durationSeconds: input.durationSeconds,
      outcome: input.outcome,
      purpose: input.purpose,
      notes: sanitizeRichText(input.notes),
      takenForId: input.takenForId ?? null,
      handledById: userId,
      taskId,
      followUpAt: input.followUpAt ? new Date(input.followUpAt) : null,
      status: open ? 'open' : 'closed',
    });
    if (closes) await closeCallback(tx, companyId, closes, id);
    await recordAudit(tx, scope.principal, {
      clientId: input.clientId ?? null,
      subProcess: 'Client Management',
      action: 'call.create',
      description: `Logged ${input.direction === 'in' ? 'incoming' : 'outgoing'} call ${id} (${input.outcome}).`,
    });
    return mustExist(await findCall(tx, companyId, id), 'Call');
  });

export const getCall = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => mustExist(await findCall(tx, scope.principal.companyId, id), 'Call'));

export const listCallbackQueue = (scope: Scope) =>
  inTenant(scope, (tx) => selectCallbackQueue(tx, scope.principal.companyId));

export const listCallPage = (scope: Scope, q: CallListQuery) =>
  inTenant(scope, (tx) => selectCallPage(tx, scope.principal.companyId, q));

/** Reverse lookup: the clients whose mobile is the number, with their next appointment and balance. */
export const lookupCaller = (scope: Scope, typed: string) =>
  inTenant(scope, async (tx): Promise<CallerLookup> => {
    const { companyId } = scope.principal;
    const number = normaliseMobile(typed, await companyCountry(tx, companyId));
    if (!number) return { number: null, callers: [] };
    const company = await diaryCompany(tx, companyId);
    const today = todayIn(company.timeZone);
    const callers = [];
    for (const client of await selectClientsByMobile(tx, companyId, number)) {
      const owed = await accountOwed(tx, companyId, client.id, today);
      const next = await selectNextAppointment(tx, companyId, client.id, company.timeZone);
      callers.push({
        clientId: client.id,
        name: client.name,
        mobile: client.mobile ?? number,
        owedCents: owed.owedCents,
        overdueCents: owed.overdueCents,
        nextAppointment: next ? { id: next.id, start: next.start, typeName: next.typeName } : null,
      });
    }
    return { number, callers };
  });
