import { TIMELINE_KINDS } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { isRecordSection, recordClientOf } from './recordHref.ts';
import { entryHref, KIND_LOOK, kindsFor, statusWords, toggleKind } from './timelineKinds.ts';

describe('timeline kinds', () => {
  it('opens each entry in its kind’s section of the record, a call in the call log', () => {
    expect(entryHref(7, { kind: 'note' })).toBe('/client/7?section=notes');
    expect(entryHref(7, { kind: 'sms' })).toBe('/client/7?section=messages');
    expect(entryHref(7, { kind: 'call' })).toBe('/commonPhoneCalls');
    expect(entryHref(7, { kind: 'stage' })).toBe('/commonProspects');
    for (const kind of TIMELINE_KINDS.filter((k) => k !== 'call' && k !== 'stage')) {
      const href = entryHref(7, { kind });
      expect(recordClientOf(href)).toBe(7);
      expect(isRecordSection(new URLSearchParams(href.split('?')[1]).get('section'))).toBe(true);
    }
  });

  it('has an icon and a label for every kind', () => {
    for (const kind of TIMELINE_KINDS) expect(KIND_LOOK[kind].label).not.toBe('');
  });

  it('offers the stage chip only where the menu has Prospects', () => {
    expect(kindsFor(true)).toEqual([...TIMELINE_KINDS]);
    expect(kindsFor(false)).not.toContain('stage');
    expect(kindsFor(false)).toHaveLength(TIMELINE_KINDS.length - 1);
  });

  it('toggles a chip on and off; none chosen is every kind', () => {
    expect(toggleKind([], 'note')).toEqual(['note']);
    expect(toggleKind(['note', 'sms'], 'note')).toEqual(['sms']);
    expect(toggleKind(['sms'], 'sms')).toEqual([]);
  });

  it('says statuses in words, not codes', () => {
    expect(statusWords({ kind: 'audit', status: 'invoice.create' })).toBe('Invoice created');
    expect(statusWords({ kind: 'appointment', status: 'noshow' })).toBe('No-show');
    expect(statusWords({ kind: 'appointment', status: 'fulfilled' })).toBe('Completed');
    expect(statusWords({ kind: 'invoice', status: 'active' })).toBe('Active');
    expect(statusWords({ kind: 'call', status: 'Left message' })).toBe('Left message');
    expect(statusWords({ kind: 'note', status: null })).toBeNull();
  });
});
