import { describe, expect, it } from 'vitest';
import { birthDateOf, defaultFormNotice, formFileIdOf, guardianProblems, isMinor } from './form-fill.ts';
import type { Questionnaire } from './forms.ts';

describe('the fill page’s shared rules (issue 18, part 4)', () => {
  it('is under 18 until the 18th birthday, by calendar date (29 February turns 18 on 1 March)', () => {
    expect(isMinor('2008-06-15', '2026-06-14')).toBe(true);
    expect(isMinor('2008-06-15', '2026-06-15')).toBe(false);
    expect(isMinor('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinor('2008-02-29', '2026-03-01')).toBe(false);
    expect(isMinor(null, '2026-01-01')).toBe(false);
  });

  it('takes the date of birth from the item mapped to the record’s dob, else the record', () => {
    const q: Questionnaire = {
      resourceType: 'Questionnaire',
      title: 'T',
      item: [
        {
          linkId: 'g',
          type: 'group',
          item: [{ linkId: 'b', type: 'date', definition: 'urn:practice-desk:dob' }],
        },
      ],
    };
    expect(birthDateOf(q, { b: [{ valueDate: '2012-01-01' }] }, '1980-01-01')).toBe('2012-01-01');
    expect(birthDateOf(q, {}, '1980-01-01')).toBe('1980-01-01');
  });

  it('a guardian needs a name, a relationship and a PNG signature', () => {
    expect(guardianProblems(undefined).map((p) => p.path)).toEqual([
      'guardian.name',
      'guardian.relationship',
      'guardian.signature',
    ]);
    const signature = { contentType: 'image/png', size: 1, data: 'AA==', hash: 'a'.repeat(64) };
    expect(guardianProblems({ name: ' Ann ', relationship: 'Mother', signature })).toEqual([]);
  });

  it('names an uploaded file Binary/<id> and nothing else', () => {
    expect(formFileIdOf('Binary/12')).toBe('12');
    expect(formFileIdOf('Binary/0')).toBeNull();
    expect(formFileIdOf('https://example.com/Binary/12')).toBeNull();
  });

  it('the default notice names the practice, the purpose, the recipients, the rights and the regulator', () => {
    const za = defaultFormNotice({
      name: 'Rosebank Physio',
      type: 'H',
      country: 'ZA',
      contactEmail: 'desk@r.example',
    });
    for (const part of [
      'Rosebank Physio',
      'desk@r.example',
      'medical scheme',
      'voluntary',
      'corrected',
      'Information Regulator',
    ])
      expect(za).toContain(part);
    const uk = defaultFormNotice({ name: 'Reading Advice', type: 'F', country: 'UK', contactEmail: null });
    expect(uk).toContain("Information Commissioner's Office");
    expect(uk).toContain('product providers');
  });
});
