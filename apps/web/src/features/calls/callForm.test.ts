import { describe, expect, it } from 'vitest';
import { callFormSchema, newCallValues } from './callForm.ts';
import { waited } from './callWords.ts';

const context = () => ({
  startedAt: '2026-03-02T07:30:00.000Z',
  clientId: 7,
  closesCallId: null,
  timeZone: 'Africa/Johannesburg',
});
const parse = (over: object) =>
  callFormSchema(context).safeParse({ ...newCallValues('082 108 7109'), ...over });
const fields = (over: object) => {
  const result = parse(over);
  return result.success ? [] : result.error.issues.map((i) => i.path[0]);
};

describe('the log-a-call form', () => {
  it('sends what the API takes: the caller found, the follow-up in the company zone', () => {
    const result = parse({ outcome: 'no_answer', followUpAt: new Date(2026, 2, 3, 9, 0), takenForId: '4' });
    expect(result.success && result.data).toMatchObject({
      number: '082 108 7109',
      clientId: 7,
      outcome: 'no_answer',
      takenForId: 4,
      followUpAt: '2026-03-03T07:00:00.000Z',
      startedAt: '2026-03-02T07:30:00.000Z',
    });
  });

  it('refuses no answer without a follow-up, and a duration over 24 hours or negative', () => {
    expect(fields({ outcome: 'left_message' })).toEqual(['followUpAt']);
    expect(fields({ durationSeconds: 86_401 })).toEqual(['durationSeconds']);
    expect(fields({ durationSeconds: -5 })).toEqual(['durationSeconds']);
    expect(fields({ number: ' ' })).toEqual(['number']);
  });

  it("links the caller's appointment or opportunity; with no caller known, it sends neither", () => {
    const linked = parse({ appointmentId: 31, opportunityId: 8 });
    expect(linked.success && linked.data).toMatchObject({ clientId: 7, appointmentId: 31, opportunityId: 8 });
    const unknown = callFormSchema(() => ({ ...context(), clientId: null })).safeParse({
      ...newCallValues('082 108 7109'),
      appointmentId: 31,
      opportunityId: 8,
    });
    expect(unknown.success && unknown.data).toMatchObject({
      clientId: null,
      appointmentId: null,
      opportunityId: null,
    });
  });
});

describe('how long a callback has waited', () => {
  it.each([
    [59, '0 min'],
    [3_599, '59 min'],
    [7_500, '2 h 5 min'],
    [86_400, '1 day 0 h'],
    [3 * 86_400 + 4 * 3_600, '3 days 4 h'],
  ])('%i s is %s', (seconds, text) => {
    expect(waited(seconds)).toBe(text);
  });
});
