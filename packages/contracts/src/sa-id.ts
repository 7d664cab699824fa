/** South African ID number: YYMMDD SSSS C A Z, 13 digits, a real date of birth, Luhn check digit. */
export function saIdBirthDate(id: string): string | null {
  if (!/^\d{13}$/.test(id)) return null;
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  // The century is not encoded: a year in the future must be last century.
  const currentYy = new Date().getUTCFullYear() % 100;
  const year = (yy > currentYy ? 1900 : 2000) + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd)
    return null;
  return date.toISOString().slice(0, 10);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type SaIdProblem = 'format' | 'date' | 'checksum';

export function checkSaIdNumber(id: string): SaIdProblem | null {
  if (!/^\d{13}$/.test(id)) return 'format';
  if (!saIdBirthDate(id)) return 'date';
  if (!luhnValid(id)) return 'checksum';
  return null;
}

/** The Luhn check digit that completes the first 12 digits of an ID number. */
export function luhnCheckDigit(first12: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${first12}${d}`)) return String(d);
  throw new Error('unreachable');
}
