import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, upload, writtenCounts } from './intake-test-support.ts';
import { samplePatients } from './samples/patients.ts';
import { sampleCsv } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.admin');
});
afterAll(() => ctx.close());

/**
 * A crash injected inside the database, as the owner (the app's role cannot create triggers): the
 * import fails part-way, after some of its statements have already run in its transaction.
 */
async function crashWhen(table: string, condition: string) {
  await ctx.database.pool.query(`
    create or replace function pd_test_crash() returns trigger language plpgsql as $$
    begin
      if ${condition} then raise exception 'injected crash'; end if;
      return new;
    end $$;
    create trigger pd_test_crash before insert on ${table} for each row execute function pd_test_crash();`);
}
afterEach(async () => {
  for (const table of ['clients', 'client_configs', 'audit_entries']) {
    await ctx.database.pool.query(`drop trigger if exists pd_test_crash on ${table}`);
  }
});

async function existingClient() {
  const page = await ctx.app.inject({
    url: `/api/client1/company/${za.user.companyId}/lazy?filter=natural`,
    headers: za.bearer,
  });
  const id = page.json().content[0].id;
  return (await ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer })).json();
}

describe('a crash mid-import leaves nothing partially imported', () => {
  const patients = samplePatients(1_200, 'crash');
  it.each([
    ['at client 1,100 of 1,200', 'clients', `new.email = '${patients[1_099]?.email}'`],
    [
      'after all 1,200 clients, at the healthcare details of the 900th',
      'client_configs',
      `new.medical_number = '${patients[899]?.medicalNumber}'`,
    ],
  ])('fails %s: nothing of the file is kept', async (_, table, condition) => {
    await crashWhen(table, condition);
    const before = await writtenCounts(ctx, za.user.companyId);
    const res = await upload(ctx.app, za, '001', 'crash.csv', sampleCsv(mappings['001'], patients));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      code: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
  });

  it('fails at the very last statement (the import’s audit entry): updates and new clients are rolled back', async () => {
    const client = await existingClient();
    const [fresh] = samplePatients(1, 'last');
    const rows = [
      {
        firstName: client.firstName,
        lastName: client.lastName,
        idNumber: client.idNumber,
        mobile: '084 000 1111',
      },
      fresh,
    ];
    await crashWhen('audit_entries', `new.action = 'client.intake.import'`);
    const before = await writtenCounts(ctx, za.user.companyId);
    const res = await upload(ctx.app, za, '001', 'last.csv', sampleCsv(mappings['001'], rows as never));
    expect(res.statusCode).toBe(500);
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
    const after = (await ctx.app.inject({ url: `/api/client1/${client.id}`, headers: za.bearer })).json();
    expect(after.mobile).toBe(client.mobile);

    // Without the crash the same file imports: the failure above was the injected one.
    await ctx.database.pool.query('drop trigger pd_test_crash on audit_entries');
    const again = await upload(ctx.app, za, '001', 'last.csv', sampleCsv(mappings['001'], rows as never));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: [{ row: 3 }], updated: [{ row: 2, clientId: client.id }] });
  });
});
