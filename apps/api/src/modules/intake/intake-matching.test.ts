import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IntakeReport } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, upload, writtenCounts } from './intake-test-support.ts';
import { samplePatient } from './samples/patients.ts';
import { sampleCsv } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
type Client = {
  id: number;
  name: string;
  email: string;
  idNumber: string | null;
  mobile: string;
  addressPostalCode: string;
};

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.admin');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...za.bearer, ...CSRF }, ...(payload ? { payload } : {}) });

async function demoClients(): Promise<Client[]> {
  const page = await api('GET', `/api/client1/company/${za.user.companyId}/lazy?size=100&filter=natural`);
  const ids: number[] = page.json().content.map((c: { id: number }) => c.id);
  return Promise.all(ids.map(async (id) => (await api('GET', `/api/client1/${id}`)).json()));
}

/** confirmDuplicate: a second client with the same e-mail or ID number, made on purpose. */
async function newClient(email: string, idNumber: string | null = null, confirmDuplicate = false) {
  const res = await api('POST', `/api/client1/${za.user.companyId}`, {
    confirmDuplicate,
    firstName: 'Twin',
    lastName: 'Record',
    preferredName: 'Twin',
    email,
    idNumber,
    mobile: '082 555 0199',
    address1: '1 Main Road',
    addressRegion: 'Sandton',
    addressState: 'Gauteng',
    addressPostalCode: '2196',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('matching rows to existing clients', () => {
  it('updates by SA ID number, else by e-mail, and rejects what would be a guess', async () => {
    const [byId, byEmail, otherId] = (await demoClients()).filter((c) => c.idNumber);
    if (!byId || !byEmail || !otherId) throw new Error('demo data has too few ZA clients with ID numbers');
    await api('PUT', `/api/client1/${byId.id}/config`, {
      medicalName: 'Old scheme',
      authorisation: 'AUTH-7',
      diagnosisCode1: 'M54.5',
      diagnosisCode2: 'S93.4',
    });
    const fresh = samplePatient(11, 'match');
    const [first = '', last = ''] = byId.name.split(' ');
    const only = (values: Record<string, string>) => values; // every other column left blank
    const rows = [
      only({
        firstName: first,
        lastName: last,
        idNumber: byId.idNumber ?? '',
        mobile: '083 123 4567',
        medicalName: 'Bonitas Medical Fund',
        diagnosisCode1: 'I10',
      }),
      only({ email: byEmail.email.toUpperCase(), addressPostalCode: '2000' }),
      { ...samplePatient(12, 'match'), email: otherId.email },
      fresh,
      { ...samplePatient(13, 'match'), idNumber: fresh.idNumber ?? '' },
      only({ email: byId.email, mobile: '083 765 4321' }),
    ];
    const before = await writtenCounts(ctx, za.user.companyId);
    const res = await upload(ctx.app, za, '001', 'matching.csv', sampleCsv(mappings['001'], rows));
    expect(res.statusCode, res.body).toBe(200);
    const report: IntakeReport = res.json();
    expect(report.updated).toEqual([
      { row: 2, clientId: byId.id, name: byId.name, matchedBy: 'idNumber' },
      { row: 3, clientId: byEmail.id, name: byEmail.name, matchedBy: 'email' },
    ]);
    expect(report.created.map((c) => c.row)).toEqual([5]);
    expect(report.rejected).toEqual([
      {
        row: 4,
        name: expect.any(String),
        reasons: [
          {
            field: 'email',
            message: `The e-mail belongs to client ${otherId.id}, whose ID number is different.`,
          },
        ],
      },
      {
        row: 6,
        name: expect.any(String),
        reasons: [{ field: 'idNumber', message: 'Row 5 has the same ID number.' }],
      },
      {
        row: 7,
        name: byId.email,
        reasons: [{ field: 'row', message: `Row 2 already updates client ${byId.id}.` }],
      },
    ]);
    expect((await writtenCounts(ctx, za.user.companyId))?.clients).toBe((before?.clients ?? 0) + 1);

    const updated: Client = (await api('GET', `/api/client1/${byId.id}`)).json();
    expect(updated).toMatchObject({
      mobile: '+27831234567',
      email: byId.email,
      addressPostalCode: byId.addressPostalCode,
    });
    expect((await api('GET', `/api/client1/${byEmail.id}`)).json().addressPostalCode).toBe('2000');
    // The form's codes replace the diagnosis; other healthcare details it leaves blank are kept.
    expect((await api('GET', `/api/client1/${byId.id}/config`)).json()).toMatchObject({
      medicalName: 'Bonitas Medical Fund',
      authorisation: 'AUTH-7',
      diagnosisCode1: 'I10',
      diagnosisCode2: null,
      referringLastname: null,
    });
    const audit = await withSystem(ctx.database.db, (tx) =>
      tx.execute<{ description: string; changes: Record<string, unknown> }>(
        sql`select description, changes from audit_entries where client_id = ${byId.id} and action = 'client.update' order by id desc limit 1`,
      ),
    );
    expect(audit.rows[0]?.description).toBe(`Updated client ${byId.name} (intake import of matching.csv).`);
    expect(audit.rows[0]?.changes).toMatchObject({
      mobile: { from: byId.mobile, to: '+27831234567' },
      medicalName: { from: 'Old scheme', to: 'Bonitas Medical Fund' },
      diagnosisCode2: { from: 'S93.4', to: null },
    });
  });

  it('never matches a deleted client, and refuses an e-mail two clients share', async () => {
    const patient = samplePatient(20, 'deleted');
    const goneId = await newClient(patient.email ?? '', patient.idNumber);
    expect((await api('DELETE', `/api/client1/${goneId}?answer=Y`)).statusCode).toBe(204);
    const twins = [await newClient('twins@example.com'), await newClient('twins@example.com', null, true)];
    const rows = [patient, { ...samplePatient(21, 'twins'), email: 'Twins@Example.com', idNumber: '' }];
    const res = await upload(ctx.app, za, '001', 'deleted.csv', sampleCsv(mappings['001'], rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toEqual([
      { row: 2, clientId: expect.any(Number), name: `${patient.firstName} ${patient.lastName}` },
    ]);
    expect(res.json().created[0].clientId).not.toBe(goneId);
    expect(res.json().rejected).toEqual([
      {
        row: 3,
        name: expect.any(String),
        reasons: [
          {
            field: 'email',
            message: `The e-mail matches 2 clients (${twins.join(', ')}); update them in the app.`,
          },
        ],
      },
    ]);
  });
});

describe('a practice adapts a mapping without code changes', () => {
  it('reads INTAKE_MAPPINGS_DIR on each import, and refuses a broken mapping with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-mappings-'));
    const builtIn = JSON.parse(
      readFileSync(new URL('./mappings/evexia-001.json', import.meta.url), 'utf8'),
    ) as (typeof mappings)['001'];
    const surname = builtIn.fields.find((f) => f.target === 'lastName');
    if (surname) surname.labels = ['Family name'];
    writeFileSync(join(dir, 'evexia-001.json'), JSON.stringify(builtIn));
    process.env.INTAKE_MAPPINGS_DIR = dir;
    try {
      const csv = sampleCsv(mappings['001'], [samplePatient(30, 'adapt')]).replace('Surname', 'Family name');
      const res = await upload(ctx.app, za, '001', 'adapted.csv', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().created).toHaveLength(1);

      writeFileSync(
        join(dir, 'evexia-001.json'),
        JSON.stringify({ ...builtIn, fields: [{ target: 'shoeSize', labels: ['Shoe'] }] }),
      );
      const before = await writtenCounts(ctx, za.user.companyId);
      const broken = await upload(ctx.app, za, '001', 'adapted.csv', csv);
      expect(broken.statusCode).toBe(500);
      expect(broken.json().message).toMatch(
        /^The mapping file .*evexia-001\.json is not valid: fields\.0\.target/,
      );
      expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
    } finally {
      delete process.env.INTAKE_MAPPINGS_DIR;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
