import { type CallOutcome, callInputSchema, FIELD_MESSAGES, OPEN_OUTCOMES } from '@pd/contracts';
import type { NewCall } from '../../api/calls.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { instantOfPicked } from '../../lib/pickedDates.ts';

/** The log-a-call form as edited; the colleague's id is a string for the dropdown. */
export interface CallFormValues {
  number: string;
  direction: 'in' | 'out';
  outcome: CallOutcome;
  durationSeconds: number | null;
  purpose: string;
  notes: string;
  takenForId: string | null;
  /** The picked date and time; the text typed while it is none. */
  followUpAt: Date | string | null;
  /** What the call was about: an appointment or an opportunity of the caller (once one is known). */
  appointmentId: number | null;
  opportunityId: number | null;
}

/** What the form does not ask: when the call started, the caller found by the lookup, the callback it answers. */
export interface CallContext {
  startedAt: string;
  clientId: number | null;
  closesCallId: number | null;
  timeZone: string;
}

export const newCallValues = (number = '', direction: 'in' | 'out' = 'in'): CallFormValues => ({
  number,
  direction,
  outcome: 'answered',
  durationSeconds: 0,
  purpose: '',
  notes: '',
  takenForId: null,
  followUpAt: null,
  appointmentId: null,
  opportunityId: null,
});

/** An editor left empty holds an empty paragraph: that is no note. */
const notesOf = (html: string) => (html.replace(/<[^>]*>/g, '').trim() === '' ? '' : html);

export function valuesToCall(values: CallFormValues, context: CallContext): NewCall {
  const followUp =
    values.followUpAt instanceof Date ? instantOfPicked(values.followUpAt, context.timeZone) : null;
  return {
    number: values.number.trim(),
    clientId: context.clientId,
    // Links are the caller's: with no caller known, none is sent.
    appointmentId: context.clientId === null ? null : values.appointmentId,
    opportunityId: context.clientId === null ? null : values.opportunityId,
    direction: values.direction,
    startedAt: context.startedAt,
    durationSeconds: values.durationSeconds ?? 0,
    outcome: values.outcome,
    purpose: values.purpose.trim(),
    notes: notesOf(values.notes),
    takenForId: values.takenForId === null ? null : Number(values.takenForId),
    followUpAt: followUp?.toISOString() ?? null,
    closesCallId: context.closesCallId,
  };
}

/** The call checked as the API checks it; no answer and left message need a follow-up date. */
export const callFormSchema = (context: () => CallContext) =>
  formSchema<CallFormValues, NewCall>((values, problem) => {
    const ctx = context();
    if (typeof values.followUpAt === 'string' && values.followUpAt.trim())
      problem('followUpAt', FIELD_MESSAGES.dateFormat);
    else if (values.followUpAt instanceof Date && !instantOfPicked(values.followUpAt, ctx.timeZone))
      problem('followUpAt', FIELD_MESSAGES.noSuchTime(ctx.timeZone));
    else if (OPEN_OUTCOMES.includes(values.outcome) && !values.followUpAt)
      problem('followUpAt', 'Choose when to follow this call up.');
    const call = valuesToCall(values, ctx);
    checkWith(callInputSchema, call, problem);
    return call;
  });
