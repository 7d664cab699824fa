import { randomBytes } from 'node:crypto';
import { intakeUploadPath } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, multipart, upload, writtenCounts } from './intake-test-support.ts';
import { encryptedPdf, formulaCsv, javascriptPdf, scannedPdf, unrelatedPdf } from './samples/bad-files.ts';
import { samplePatient, samplePatients } from './samples/patients.ts';
import { sampleCsv, samplePdf } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.reception');
});
afterAll(() => ctx.close());

const evexia = mappings['001'];
const patient = samplePatient(3, 'bad');

/** Sends the file and checks the answer names the reason and nothing at all was written. */
async function refused(fileName: string, bytes: Uint8Array | string, status: number, message: string) {
  const before = await writtenCounts(ctx, za.user.companyId);
  const res = await upload(ctx.app, za, '001', fileName, bytes);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  if (status === 400) expect(res.json().fields).toEqual([{ path: 'file', message }]);
  expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
}

describe('bad files are refused with the reason, and nothing is written', () => {
  it('empty files', async () => {
    await refused('empty.csv', '', 400, 'The file is empty.');
    await refused('empty.pdf', '', 400, 'The file is empty.');
    await refused('header.csv', 'First name,Surname\r\n', 400, 'The CSV has a header row but no clients.');
    await refused(
      'blank.pdf',
      await samplePdf(evexia, {}, { fillable: true }),
      400,
      'The Evexia patient registration form in the PDF is empty: none of its fields is filled in.',
    );
  });

  it('content that does not match its extension (magic bytes), and other extensions', async () => {
    const pdf = await samplePdf(evexia, patient, { fillable: true });
    await refused('intake.csv', pdf, 400, 'The file is named .csv but is a PDF.');
    await refused(
      'intake.pdf',
      sampleCsv(evexia, [patient]),
      400,
      'The file is named .pdf but is not a PDF.',
    );
    await refused(
      'intake.csv',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      400,
      'The file is named .csv but is a ZIP file or an Excel workbook; save it as CSV.',
    );
    await refused(
      'intake.xlsx',
      sampleCsv(evexia, [patient]),
      400,
      'Only .csv and .pdf files can be imported.',
    );
  });

  it('an encrypted PDF', async () => {
    await refused(
      'locked.pdf',
      await encryptedPdf(evexia),
      400,
      'The PDF is encrypted (password-protected); save an unprotected copy and import that.',
    );
  });

  it('a PDF with embedded JavaScript, however it is hidden', async () => {
    for (const hide of ['open-action', 'object-stream', 'hex-name', 'field-action'] as const) {
      await refused(
        'script.pdf',
        await javascriptPdf(evexia, patient, hide),
        400,
        'The PDF contains JavaScript, which is not accepted; print it to a new PDF and import that.',
      );
    }
  });

  it('malformed files', async () => {
    const good = await samplePdf(evexia, patient, { fillable: false });
    await refused('cut.pdf', good.slice(0, good.length / 2), 400, 'The PDF is damaged and cannot be read.');
    await refused(
      'noise.pdf',
      `%PDF-1.7\n${randomBytes(3000).toString('latin1')}`,
      400,
      'The PDF is damaged and cannot be read.',
    );
    await refused(
      'scan.pdf',
      await scannedPdf(),
      400,
      'The PDF has no form fields and no text to read (is it a scanned image?).',
    );
    await refused(
      'invoice.pdf',
      await unrelatedPdf(),
      400,
      'The PDF has none of the labels of the Evexia patient registration form: is it the right format?',
    );
    await refused(
      'quote.csv',
      'First name,Surname\r\n"Anna,Smit\r\n',
      400,
      'The CSV is damaged: a quoted cell is never closed.',
    );
    await refused(
      'binary.csv',
      new Uint8Array([65, 0, 66, 10]),
      400,
      'The CSV holds binary data: it is not a text file.',
    );
  });

  it('a CSV with formula cells', async () => {
    await refused(
      'formula.csv',
      formulaCsv(evexia, samplePatients(3, 'formula'), '=HYPERLINK("https://evil.example","Smit")'),
      400,
      'Row 2, column "Surname" starts with "=" and would run as a spreadsheet formula; remove it and import again.',
    );
  });

  it('more than 10,000 rows', async () => {
    const header = sampleCsv(evexia, [patient]).split('\r\n')[0];
    const row = sampleCsv(evexia, [patient]).split('\r\n')[1];
    const csv = `${header}\r\n${`${row}\r\n`.repeat(10_001)}`;
    await refused('big.csv', csv, 400, 'The CSV has 10,001 rows; at most 10,000 can be imported at once.');
  });

  it('more than 10 MB', async () => {
    const csv = `First name,Surname\r\n${'Anna,Smit\r\n'.repeat(1_000_000)}`; // 11 MB
    await refused('huge.csv', csv, 413, 'The file is larger than 10 MB.');
  });
});

describe('uploads that are not one file in the field file', () => {
  const post = (payload: Buffer | string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: intakeUploadPath('002', za.user.companyId),
      headers: { ...za.bearer, ...headers },
      payload,
    });

  it('no file: the spec’s message', async () => {
    const boundary = 'xyz';
    const empty = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const res = await post(empty, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'No file selected.',
      fields: [{ path: 'file', message: 'No file selected.' }],
    });
    const json = await post(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(
      'No file selected. Send the file as multipart/form-data in the field file.',
    );
  });

  it('another field name, or two files', async () => {
    const csv = sampleCsv(evexia, [patient]);
    const wrong = multipart('a.csv', csv, 'upload');
    expect((await post(wrong.payload, wrong.headers)).json().message).toBe(
      'Send the file in the field file.',
    );
    const boundary = 'two';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`;
    const two = `${part('a.csv')}${part('b.csv')}--${boundary}--\r\n`;
    const before = await writtenCounts(ctx, za.user.companyId);
    const res = await post(two, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send one file at a time.');
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
  });
});
