import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, clients } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';

/** Issue 13, point 3: a new client with the ID number or e-mail of a live client is refused unless confirmed. */

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let anele: { id: number; idNumber: string; email: string };
let bongani: { id: number; email: string };

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.adviser');
  const find = async (search: string) => {
    const list = await ctx.app.inject({
      url: `/api/client1/company/${za.user.companyId}/lazy?search=${search}`,
      headers: za.bearer,
    });
    const id = list.json().content[0].id;
    return (await ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer })).json();
  };
  anele = await find('anele');
  bongani = await find('bongani');
});
afterAll(() => ctx.close());

const person = (over: Record<string, unknown> = {}) => ({
  firstName: 'Nandi',
  lastName: 'Mahlangu',
  preferredName: 'Nandi',
  email: 'nandi.dup@example.com',
  mobile: '082 555 1234',
  address1: '5 Jan Smuts Avenue',
  addressRegion: 'Parktown',
  addressState: 'Gauteng',
  addressPostalCode: '2193',
  ...over,
});
const create = (body: object, who = za) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${who.user.companyId}`,
    headers: { ...who.bearer, ...CSRF },
    payload: body,
  });
const countRows = () => withSystem(ctx.database.db, (tx) => tx.select().from(clients)).then((r) => r.length);

describe('new client that repeats a live client', () => {
  it('same ID number: 409 naming the field and the existing client; nothing written', async () => {
    const before = await countRows();
    const res = await create(person({ idNumber: anele.idNumber, dob: null }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DUPLICATE_CLIENT',
      message: `A client with this ID number exists already: Anele Zulu (client ${anele.id}).`,
      fields: [
        { path: 'body.idNumber', message: `Anele Zulu (client ${anele.id}) has this ID number already.` },
      ],
      existingId: anele.id,
    });
    expect(await countRows()).toBe(before);
  });

  it('same e-mail in other letters: 409 on body.email', async () => {
    const res = await create(person({ email: bongani.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([
      { path: 'body.email', message: `Bongani Mthembu (client ${bongani.id}) has this e-mail already.` },
    ]);
    expect(res.json().existingId).toBe(bongani.id);
  });

  it('ID number of one client and e-mail of another: both named, the ID number first', async () => {
    const res = await create(person({ idNumber: anele.idNumber, email: bongani.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.idNumber', 'body.email']);
    expect(res.json().existingId).toBe(anele.id);
    const both = await create(person({ idNumber: anele.idNumber, email: anele.email }));
    expect(both.json().message).toBe(
      `A client with this ID number and e-mail exists already: Anele Zulu (client ${anele.id}).`,
    );
  });

  it('confirmDuplicate: true creates it, and the audit entry says so', async () => {
    expect((await create(person({ email: anele.email, confirmDuplicate: false }))).statusCode).toBe(409);
    const res = await create(person({ email: anele.email, confirmDuplicate: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe(anele.email);
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.clientId === res.json().id && a.action === 'client.create');
    expect(entry?.description).toBe(
      `Created client Nandi Mahlangu, confirmed as a duplicate of client ${anele.id}.`,
    );
  });

  it('another company’s clients are never named and never stop a create', async () => {
    const res = await create(person({ email: 'alice.smith@example.com' }));
    expect(res.statusCode).toBe(201);
    // And the other way: the ZA client's e-mail is free in the UK company.
    const ukClient = await create(
      person({
        email: bongani.email,
        mobile: '07911 123 457',
        addressCountry: 'UK',
        addressState: 'Surrey',
        addressPostalCode: 'TW9 1DN',
      }),
      uk,
    );
    expect(ukClient.statusCode).toBe(201);
  });

  it('a deleted client does not count', async () => {
    const made = await create(person({ email: 'leaving@example.com' }));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client1/${made.json().id}?answer=Y`,
      headers: { ...za.bearer, ...CSRF },
    });
    expect(del.statusCode).toBe(204);
    expect((await create(person({ email: 'leaving@example.com' }))).statusCode).toBe(201);
  });
});
