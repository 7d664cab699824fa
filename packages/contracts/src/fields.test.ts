import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cents,
  findUnstorableText,
  idField,
  instantField,
  isoDate,
  optionalText,
  requiredText,
} from './fields.ts';

describe('findUnstorableText', () => {
  it('finds a NUL or a lone surrogate anywhere, by path', () => {
    expect(findUnstorableText({ a: 'fine', b: ['x', 'y\u0000'] })).toEqual(['b', '1']);
    expect(findUnstorableText({ note: { subject: 'a\ud800b' } })).toEqual(['note', 'subject']);
    expect(findUnstorableText({ s: 'end\udc00' })).toEqual(['s']);
    expect(findUnstorableText({ 'k\u0000': 1 })).toEqual(['(key)']);
  });
  it('lets ordinary text through, emoji (surrogate pairs) included', () => {
    expect(findUnstorableText({ a: 'Zoë 😀 ñ', b: [1, null, true], c: { d: '' } })).toBeUndefined();
  });
});

describe('field builders', () => {
  it('isoDate refuses days that do not exist', () => {
    expect(isoDate.safeParse('2026-02-28').success).toBe(true);
    expect(isoDate.safeParse('2026-02-30').success).toBe(false);
    expect(isoDate.safeParse('2026-2-3').success).toBe(false);
    // JavaScript has a year 0000, PostgreSQL does not: refused here instead of failing in the database.
    expect(isoDate.safeParse('0000-01-01').success).toBe(false);
    expect(isoDate.safeParse('0001-01-01').success).toBe(true);
  });
  it('requiredText trims and says "Field is required."', () => {
    const r = requiredText(5).safeParse('   ');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Field is required.');
    expect(requiredText(5).safeParse(' abc ').data).toBe('abc');
  });
  it('tells a missing value from one of the wrong JSON type', () => {
    const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;
    expect(message(requiredText(5), undefined)).toBe('Field is required.');
    expect(message(requiredText(5), null)).toBe('Field is required.');
    expect(message(requiredText(5), 12)).toBe('Enter text.');
    expect(message(optionalText(5), false)).toBe('Enter text.');
    expect(message(isoDate, 20260301)).toBe('Use the format YYYY-MM-DD.');
    expect(message(cents, '12.50')).toBe('Amounts are whole cents.');
    expect(message(cents, undefined)).toBe('Field is required.');
  });
});

describe('idField', () => {
  it('says "Field is required." when the id is missing, and names the type when it is not a number', () => {
    const schema = z.object({ clientId: idField });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('Field is required.');
    expect(schema.safeParse({ clientId: 'x' }).error?.issues[0]?.message).toMatch(/expected number/);
  });
});

describe('instantField', () => {
  it('takes an instant with its offset and words the refusal of an impossible or offset-less one', () => {
    expect(instantField.safeParse('2026-03-02T09:30:00+02:00').success).toBe(true);
    expect(instantField.safeParse('2026-03-02T07:30:00Z').success).toBe(true);
    const bad = ['2026-02-30T09:00:00Z', '2026-03-02T25:00:00Z', '2026-03-02T09:30:00', 'tomorrow'];
    for (const value of [...bad, '0000-01-01T00:00:00Z']) {
      expect(instantField.safeParse(value).error?.issues[0]?.message).toBe(
        'Use a date and time with its offset, such as 2026-03-02T09:30:00+02:00.',
      );
    }
  });
});
