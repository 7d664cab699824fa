import { type IntakeReport, intakeUploadPath } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, multipart, upload, writtenCounts } from './intake-test-support.ts';
import { type SamplePatient, samplePatient, samplePatients } from './samples/patients.ts';
import { sampleCsv, samplePdf } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  ctx = await createTestContext();
  [za, uk] = await Promise.all([login(ctx.app, 'za.reception'), login(ctx.app, 'uk.admin')]);
});
afterAll(() => ctx.close());

const getClient = (id: number) =>
  ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer }).then((r) => r.json());
const getConfig = (id: number) =>
  ctx.app.inject({ url: `/api/client1/${id}/config`, headers: za.bearer }).then((r) => r.json());

function auditOf(companyId: number, action: string) {
  return withSystem(ctx.database.db, async (tx) => {
    const { rows } = await tx.execute<{
      clientId: number | null;
      description: string;
      changes: Record<string, unknown>;
    }>(
      sql`select client_id as "clientId", description, changes from audit_entries
           where company_id = ${companyId} and action = ${action} order by id`,
    );
    return rows;
  });
}

describe('importing intake files for a healthcare practice', () => {
  it('imports a CSV of each format: clients, healthcare details and the audit trail', async () => {
    for (const format of ['001', '002'] as const) {
      const patients = samplePatients(4, `csv${format}`);
      const res = await upload(
        ctx.app,
        za,
        format,
        `intake-${format}.csv`,
        sampleCsv(mappings[format], patients),
      );
      expect(res.statusCode).toBe(200);
      const report: IntakeReport = res.json();
      expect(report).toMatchObject({
        format,
        source: 'csv',
        rows: 4,
        updated: [],
        rejected: [],
        warnings: [],
      });
      expect(report.created.map((c) => [c.row, c.name])).toEqual(
        patients.map((p, i) => [i + 2, `${p.firstName} ${p.lastName}`]),
      );
      const [first] = report.created;
      const client = await getClient(first?.clientId ?? 0);
      const first0 = patients[0] ?? {};
      const same = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, first0[k]]));
      expect(client).toMatchObject({
        ...same(['firstName', 'lastName', 'idNumber', 'dob', 'email']),
        type: 'N',
        gender: 'F',
        mobile: `+27${first0.mobile?.slice(1)}`,
        addressCountry: 'ZA',
        addressState: 'Gauteng',
        addressPostalCode: '2193',
        status: 'A',
      });
      const config = await getConfig(first?.clientId ?? 0);
      expect(config).toMatchObject({
        ...same([
          'medicalName',
          'medicalPlan',
          'medicalNumber',
          'medicalMemberFirstname',
          'medicalDependantCode',
        ]),
        ...same(['diagnosisCode1']),
        referringLastname: 'Naidoo',
      });
      const summary = (await auditOf(za.user.companyId, 'client.intake.import')).at(-1);
      expect(summary?.description).toBe(
        `Imported client intake intake-${format}.csv (${mappings[format].title}): 4 created, 0 updated, 0 rejected.`,
      );
      expect(summary?.changes).toMatchObject({ format, rows: 4, created: 4, updated: 0, rejected: 0 });
      const perClient = await auditOf(za.user.companyId, 'client.create');
      const mine = perClient.filter((a) => report.created.some((c) => c.clientId === a.clientId));
      expect(mine).toHaveLength(4);
      expect(mine[0]?.description).toBe(
        `Created client ${first?.name} (intake import of intake-${format}.csv).`,
      );
      expect(mine[0]?.changes).toEqual({ fileName: `intake-${format}.csv`, row: 2 });
    }
  });

  it('imports fillable and flat PDFs of both formats, one patient each', async () => {
    const cases = [
      ['001', true, 'pdf-form'],
      ['001', false, 'pdf-text'],
      ['002', true, 'pdf-form'],
      ['002', false, 'pdf-text'],
    ] as const;
    for (const [i, [format, fillable, source]] of cases.entries()) {
      const patient = samplePatient(i, `pdf${i}`);
      const pdf = await samplePdf(mappings[format], patient, { fillable, columns: 2 });
      const res = await upload(ctx.app, za, format, 'Patient Form.PDF', pdf);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ source, rows: 1, created: [{ row: 1 }], rejected: [] });
      const id = res.json().created[0].clientId;
      expect(await getClient(id)).toMatchObject({ idNumber: patient.idNumber, email: patient.email });
      const codes = [1, 2, 3].map((n) => patient[`diagnosisCode${n}`] ?? null);
      const config = await getConfig(id);
      expect([config.diagnosisCode1, config.diagnosisCode2, config.diagnosisCode3]).toEqual(codes);
    }
  });

  it('derives the date of birth and gender from the SA ID number when the form leaves them out', async () => {
    const patient: SamplePatient = { ...samplePatient(1, 'derive'), dob: '', gender: '' };
    const res = await upload(ctx.app, za, '001', 'derive.csv', sampleCsv(mappings['001'], [patient]));
    expect(res.statusCode, res.body).toBe(200);
    const client = await getClient(res.json().created[0].clientId);
    expect(client.gender).toBe('M');
    expect(client.dob?.slice(2)).toBe(
      `${patient.idNumber?.slice(0, 2)}-${patient.idNumber?.slice(2, 4)}-${patient.idNumber?.slice(4, 6)}`,
    );
  });

  it('imports the valid rows and reports each rejected row with its reasons', async () => {
    const [good, noMobile, badCode] = samplePatients(3, 'mixed');
    const rows = [
      good,
      { ...noMobile, mobile: '', addressState: 'Atlantis' },
      { ...badCode, diagnosisCode1: 'X99.9' },
    ];
    const before = await writtenCounts(ctx, za.user.companyId);
    const res = await upload(ctx.app, za, '001', 'mixed.csv', sampleCsv(mappings['001'], rows as never));
    expect(res.statusCode).toBe(200);
    const report: IntakeReport = res.json();
    expect(report.created.map((c) => c.row)).toEqual([2]);
    expect(report.rejected).toEqual([
      {
        row: 3,
        name: `${noMobile?.firstName} ${noMobile?.lastName}`,
        reasons: [
          { field: 'mobile', message: 'Field is required.' },
          { field: 'addressState', message: 'Choose a province.' },
        ],
      },
      {
        row: 4,
        name: `${badCode?.firstName} ${badCode?.lastName}`,
        reasons: [{ field: 'diagnosisCode1', message: 'X99.9 is not a known ICD-10 code.' }],
      },
    ]);
    const after = await writtenCounts(ctx, za.user.companyId);
    expect(after?.clients).toBe((before?.clients ?? 0) + 1);
  });

  it('refuses the whole file when no row can be imported, and writes nothing', async () => {
    const before = await writtenCounts(ctx, za.user.companyId);
    const rows = samplePatients(2, 'none').map((p) => ({ ...p, email: '' }));
    const res = await upload(ctx.app, za, '002', 'none.csv', sampleCsv(mappings['002'], rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'No row of the file could be imported.',
      fields: [
        { path: 'row.2.email', message: 'Field is required.' },
        { path: 'row.3.email', message: 'Field is required.' },
      ],
    });
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
  });
});

describe('a financial adviser (company type H only keeps healthcare details)', () => {
  it('imports the clients and says the healthcare fields were left out', async () => {
    const before = await writtenCounts(ctx, uk.user.companyId);
    const res = await upload(
      ctx.app,
      uk,
      '001',
      'adviser.csv',
      sampleCsv(mappings['001'], samplePatients(2, 'uk')),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toHaveLength(2);
    expect(res.json().warnings).toEqual([
      'Healthcare fields were left out: only healthcare practices (company type H) keep them.',
    ]);
    const after = await writtenCounts(ctx, uk.user.companyId);
    expect(after?.configs).toBe(before?.configs);
  });
});

describe('who may import', () => {
  const csv = () => sampleCsv(mappings['001'], samplePatients(1, `who${Math.random()}`));

  it('needs a session', async () => {
    const body = multipart('a.csv', csv());
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUploadPath('001', za.user.companyId),
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes the browser’s cookie only with the CSRF header', async () => {
    const send = (headers: Record<string, string>) => {
      const body = multipart('a.csv', csv());
      return ctx.app.inject({
        method: 'POST',
        url: intakeUploadPath('001', za.user.companyId),
        cookies: { pd_session: za.token },
        headers: { ...body.headers, ...headers },
        payload: body.payload,
      });
    };
    expect((await send({})).json().code).toBe('CSRF_REJECTED');
    expect((await send(CSRF)).statusCode).toBe(200);
  });

  it('answers 404 for another company, exactly like a missing one, and writes nothing', async () => {
    const before = await writtenCounts(ctx, uk.user.companyId);
    for (const companyId of [uk.user.companyId, 999_999]) {
      const res = await upload(ctx.app, za, '002', 'a.csv', csv(), companyId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Resource not found.' });
    }
    expect(await writtenCounts(ctx, uk.user.companyId)).toEqual(before);
  });
});

describe('a file of the other format (issue 13)', () => {
  it('says which format the file looks like instead of listing every field as required; writes nothing', async () => {
    const before = await writtenCounts(ctx, za.user.companyId);
    for (const fillable of [true, false]) {
      const pdf = await samplePdf(mappings['002'], samplePatient(7, `wrong${fillable}`), {
        fillable,
        columns: 2,
      });
      const res = await upload(ctx.app, za, '001', 'netcare.pdf', pdf);
      expect(res.statusCode, res.body).toBe(400);
      const message =
        'This file looks like format 002 (Netcare form PDF), not 001 (Evexia form PDF). Choose 002 and import it again.';
      expect(res.json()).toMatchObject({ message, fields: [{ path: 'file', message }] });
    }
    const csv = sampleCsv(mappings['001'], samplePatients(2, 'wrongcsv'));
    const res = await upload(ctx.app, za, '002', 'evexia.csv', csv);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'This file looks like format 001 (Evexia form PDF), not 002 (Netcare form PDF). Choose 001 and import it again.',
    );
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
  });
});
