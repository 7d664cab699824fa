import { describe, expect, it } from 'vitest';
import { normaliseMobile } from './clients.ts';
import { COUNTRIES } from './enums.ts';
import { toE164 } from './messaging.ts';

// A small deterministic generator: the same numbers on every run.
function* digits(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield Math.floor((x / 2147483648) * 10);
  }
}

const CALLING_CODES: Record<string, string> = {
  UK: '44',
  ZA: '27',
  IN: '91',
  US: '1',
  NA: '264',
  AU: '61',
  NZ: '64',
  BR: '55',
  CN: '86',
  EG: '20',
  FR: '33',
  DE: '49',
  JP: '81',
  ES: '34',
  SV: '503',
};

describe('toE164', () => {
  it('answers exactly as normaliseMobile, for E.164 and national input of every country', () => {
    const gen = digits(42);
    const next = () => gen.next().value as number;
    let checked = 0;
    let valid = 0;
    for (const country of COUNTRIES) {
      const code = CALLING_CODES[country];
      expect(code, country).toBeDefined();
      for (let i = 0; i < 500; i++) {
        const length = 6 + (i % 8);
        const national = Array.from({ length }, next).join('');
        for (const input of [`+${code}${national}`, `0${national}`, national, `+${code} ${national}`]) {
          const expected = normaliseMobile(input, country);
          expect(toE164(input, country), `${country} ${input}`).toBe(expected);
          checked += 1;
          if (expected) valid += 1;
        }
      }
    }
    expect(checked).toBe(COUNTRIES.length * 500 * 4);
    expect(valid).toBeGreaterThan(2000); // the sample reaches valid numbers, not only rejects
  });

  it('uses the client country for national numbers (UK means GB)', () => {
    expect(toE164('082 123 4567', 'ZA')).toBe('+27821234567');
    expect(toE164('07911 123456', 'UK')).toBe('+447911123456');
    expect(toE164('+27821234567', 'UK')).toBe('+27821234567');
    expect(toE164('12', 'ZA')).toBeNull();
    expect(toE164('+999123456789', 'ZA')).toBeNull();
  });
});
