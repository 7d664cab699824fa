import { describe, expect, it } from 'vitest';
import { mappings } from '../intake-test-support.ts';
import { encryptedPdf, formulaCsv, javascriptPdf, scannedPdf, unrelatedPdf } from '../samples/bad-files.ts';
import { samplePatient, samplePatients } from '../samples/patients.ts';
import { sampleCsv, samplePdf } from '../samples/sample-files.ts';
import { formatDate, parseDate } from './normalise.ts';
import { type ParseJob, parseIntake } from './parse-intake.ts';
import { labelledValues } from './pdf-text.ts';

const evexia = mappings['001'];
const netcare = mappings['002'];
const text = (s: string) => new TextEncoder().encode(s);
const job = (kind: ParseJob['kind'], bytes: Uint8Array | string, mapping = evexia, maxRows = 10_000) =>
  parseIntake({ kind, bytes: typeof bytes === 'string' ? text(bytes) : bytes, mapping, maxRows });

async function rejected(result: ReturnType<typeof job>): Promise<string> {
  const r = await result;
  if (r.ok) throw new Error('expected the file to be refused');
  return r.reason;
}

describe('dates', () => {
  it('reads each format, and ISO dates whatever the format', () => {
    expect(parseDate('07/03/1984', 'DD/MM/YYYY')).toBe('1984-03-07');
    expect(parseDate('1984/03/07', 'YYYY/MM/DD')).toBe('1984-03-07');
    expect(parseDate('03/07/1984', 'MM/DD/YYYY')).toBe('1984-03-07');
    expect(parseDate('84-03-07', 'YY-MM-DD')).toBe('1984-03-07');
    expect(parseDate('1984-03-07', 'DD/MM/YYYY')).toBe('1984-03-07');
    expect(parseDate('7.3.1984', 'DD.MM.YYYY')).toBe('1984-03-07');
  });
  it('refuses impossible dates and other shapes', () => {
    expect(parseDate('31/02/1984', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('1984/03/07', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('March 7', 'DD/MM/YYYY')).toBeNull();
  });
  it('writes what it reads', () => {
    expect(formatDate('1984-03-07', 'DD/MM/YYYY')).toBe('07/03/1984');
    expect(formatDate('1984-03-07', 'YYYY/MM/DD')).toBe('1984/03/07');
  });
});

describe('CSV', () => {
  it('maps labels or form-field names in the header, and the values the mapping translates', async () => {
    const patients = samplePatients(3, 'csv');
    for (const headers of ['labels', 'formFields'] as const) {
      const r = await job('csv', sampleCsv(netcare, patients, headers), netcare);
      if (!r.ok) throw new Error(r.reason);
      expect(r.source).toBe('csv');
      expect(r.rows.map((row) => row.row)).toEqual([2, 3, 4]);
      const first = r.rows[0]?.values;
      expect(first).toMatchObject({
        firstName: patients[0]?.firstName,
        dob: patients[0]?.dob,
        gender: 'F',
        addressState: 'Gauteng',
        medicalName: patients[0]?.medicalName,
        diagnosisCode1: patients[0]?.diagnosisCode1,
      });
      // "Known as" left blank: the fallback fills it from the first names.
      expect(r.rows[1]?.values.preferredName).toBe(patients[1]?.firstName);
    }
  });

  it('reports a value it cannot read on its row, and ignores columns it does not know', async () => {
    const csv = 'First name,Surname,Date of birth,Shoe size\r\nAnna,Smit,31/02/1990,7\r\n';
    const r = await job('csv', csv);
    if (!r.ok) throw new Error(r.reason);
    expect(r.rows[0]?.problems).toEqual([{ field: 'dob', message: 'Use the format DD/MM/YYYY.' }]);
    expect(r.warnings).toEqual([
      'Columns not in the Evexia patient registration form were ignored: Shoe size.',
    ]);
  });

  it('reads Windows-1252 as Excel writes it', async () => {
    const bytes = new Uint8Array([...text('First name,Surname\r\nRen'), 0xe9, ...text(',Botha\r\n')]);
    const r = await job('csv', bytes);
    expect(r.ok && r.rows[0]?.values.firstName).toBe('René');
  });

  it.each([
    ['=HYPERLINK("https://evil.example","Click")', '"="'],
    ['@SUM(1+1)', '"@"'],
    ["-2+3+cmd|' /C calc'!A0", '"-"'],
    ['+cmd|calc', '"+"'],
  ])('refuses a formula cell %s, naming row and column', async (formula, start) => {
    const reason = await rejected(job('csv', formulaCsv(evexia, samplePatients(2, 'f'), formula)));
    expect(reason).toBe(
      `Row 2, column "Surname" starts with ${start} and would run as a spreadsheet formula; remove it and import again.`,
    );
  });

  it('accepts phone numbers and negative numbers, which look like formulas to a naive check', async () => {
    const r = await job('csv', 'First name,Cellphone number,Postal code\r\nAnna,+27 82 555 0101,-1\r\n');
    expect(r.ok).toBe(true);
  });

  it.each([
    ['', 'The file is empty.'],
    ['\uFEFF  \r\n', 'The file is empty.'],
    ['First name,Surname\r\n', 'The CSV has a header row but no clients.'],
    [
      'Colour,Size\r\nred,7\r\n',
      'The header row has none of the column names of the Evexia patient registration form (see docs/intake-formats.md).',
    ],
    [
      'First name;Surname\r\nAnna;Smit\r\n',
      'The CSV uses semicolons; save it with commas between the cells.',
    ],
    [
      'First name,Surname\r\n"Anna,Smit\r\nBen,Botha\r\n',
      'The CSV is damaged: a quoted cell is never closed.',
    ],
    ['First name,Surname\r\nAnna,Smit,extra\r\n', 'Row 2 has 3 cells but the header has 2.'],
    ['First name,Surname\r\nAn\u0000na,Smit\r\n', 'The CSV holds binary data: it is not a text file.'],
    [
      'First name,First Name\r\nAnna,Anna\r\n',
      'The columns "First name" and "First Name" both hold firstName.',
    ],
  ])('refuses a bad CSV %j', async (csv, reason) => {
    expect(await rejected(job('csv', csv))).toBe(reason);
  });

  it('refuses UTF-16 with the way out', async () => {
    const reason = await rejected(job('csv', new Uint8Array([0xff, 0xfe, 0x41, 0])));
    expect(reason).toBe('The CSV is saved as UTF-16; save it as CSV UTF-8 and import it again.');
  });

  it('counts rows against the limit', async () => {
    const reason = await rejected(job('csv', sampleCsv(evexia, samplePatients(4, 'lim')), evexia, 3));
    expect(reason).toBe('The CSV has 4 rows; at most 3 can be imported at once.');
  });
});

describe('PDF', () => {
  const patient = samplePatient(5, 'pdf');

  it.each([
    ['fillable Evexia', evexia, { fillable: true }, 'pdf-form'],
    ['flat Evexia', evexia, { fillable: false }, 'pdf-text'],
    ['fillable Netcare', netcare, { fillable: true }, 'pdf-form'],
    ['flat Netcare, two columns', netcare, { fillable: false, columns: 2 as const }, 'pdf-text'],
  ])('reads a %s form', async (_, mapping, options, source) => {
    const r = await job('pdf', await samplePdf(mapping, patient, options), mapping);
    if (!r.ok) throw new Error(r.reason);
    expect(r.source).toBe(source);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]?.problems).toEqual([]);
    const expected = Object.fromEntries(
      Object.entries(patient).filter(([k, v]) => v !== '' && mapping.fields.some((f) => f.target === k)),
    );
    expect(r.rows[0]?.values).toMatchObject(expected);
  });

  it('prefers the longer label where labels overlap, and reads several per line', () => {
    const found = labelledValues(
      ['Surname: Mokoena   Main member surname: Dlamini', 'First name:Thandi Preferred name: Thandi'],
      evexia,
    );
    const byTarget = Object.fromEntries([...found].map(([f, v]) => [f.target, v]));
    expect(byTarget).toEqual({
      lastName: 'Mokoena',
      medicalMemberLastname: 'Dlamini',
      firstName: 'Thandi',
      preferredName: 'Thandi',
    });
  });

  it.each(['open-action', 'object-stream', 'hex-name', 'field-action'] as const)(
    'refuses JavaScript (%s)',
    async (hide) => {
      const reason = await rejected(job('pdf', await javascriptPdf(evexia, patient, hide)));
      expect(reason).toBe(
        'The PDF contains JavaScript, which is not accepted; print it to a new PDF and import that.',
      );
    },
  );

  it('refuses an encrypted PDF', async () => {
    expect(await rejected(job('pdf', await encryptedPdf(evexia)))).toBe(
      'The PDF is encrypted (password-protected); save an unprotected copy and import that.',
    );
  });

  it('refuses damaged and truncated PDFs', async () => {
    const good = await samplePdf(evexia, patient, { fillable: false });
    const damaged = 'The PDF is damaged and cannot be read.';
    expect(await rejected(job('pdf', '%PDF-1.7\nthis is not really a pdf\n%%EOF'))).toBe(damaged);
    expect(await rejected(job('pdf', good.slice(0, Math.floor(good.length / 3))))).toBe(damaged);
  });

  it('refuses an empty form, a scanned page and a PDF that is not an intake form, each with its reason', async () => {
    const blank = await samplePdf(evexia, {}, { fillable: true });
    expect(await rejected(job('pdf', blank))).toBe(
      'The Evexia patient registration form in the PDF is empty: none of its fields is filled in.',
    );
    expect(await rejected(job('pdf', await scannedPdf()))).toBe(
      'The PDF has no form fields and no text to read (is it a scanned image?).',
    );
    expect(await rejected(job('pdf', await unrelatedPdf()))).toBe(
      'The PDF has none of the labels of the Evexia patient registration form: is it the right format?',
    );
  });
});
