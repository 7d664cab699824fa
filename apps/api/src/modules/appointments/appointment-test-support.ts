import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

export type Session = Awaited<ReturnType<typeof login>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Diary {
  ctx: TestContext;
  app: FastifyInstance;
  /** za.admin (rights A), za.reception (no rights), uk.admin. */
  za: Session;
  reception: Session;
  uk: Session;
  zaCompany: number;
  ukCompany: number;
  call(method: Method, url: string, who: Session, payload?: object): Promise<LightMyRequestResponse>;
}

/** A test database with the demo seed, signed in as the usual three. */
export async function openDiary(): Promise<Diary> {
  const ctx = await createTestContext();
  const za = await login(ctx.app, 'za.admin');
  const reception = await login(ctx.app, 'za.reception');
  const uk = await login(ctx.app, 'uk.admin');
  return {
    ctx,
    app: ctx.app,
    za,
    reception,
    uk,
    zaCompany: za.user.companyId,
    ukCompany: uk.user.companyId,
    call: (method, url, who, payload) =>
      ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) }),
  };
}

const idRow = z.object({ id: z.number() });

/** A user of the company by username. */
export const userIdOf = (d: Diary, username: string) =>
  withSystem(d.ctx.database.db, async (tx) => {
    const row = await selectRow(tx, idRow, sql`select id from users where username = ${username}`);
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  });

/** Live clients of a company, by id. */
export const clientIdsOf = (d: Diary, companyId: number) =>
  withSystem(d.ctx.database.db, async (tx) =>
    (
      await selectRows(
        tx,
        idRow,
        sql`select id from clients where company_id = ${companyId} and deleted_at is null order by id`,
      )
    ).map((r) => r.id),
  );

export const countRows = (d: Diary, table: string, where = sql`true`) =>
  withSystem(d.ctx.database.db, async (tx) => {
    const row = await selectRow(
      tx,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    );
    return row?.n ?? 0;
  });

export const auditActions = (d: Diary, companyId: number, like: string) =>
  withSystem(d.ctx.database.db, async (tx) =>
    selectRows(
      tx,
      z.object({ action: z.string(), description: z.string() }),
      sql`select action, description from audit_entries where company_id = ${companyId} and action like ${like} order by id`,
    ),
  );

/** Makes a demo user that the demo diary does not use into a practitioner with the given hours. */
export async function makePractitioner(
  d: Diary,
  admin: Session,
  username: string,
  intervals: { weekday: number; start: string; end: string }[] = [],
) {
  const userId = await userIdOf(d, username);
  const res = await d.call('PUT', `/api/appointment/practitioner/${userId}`, admin, { colour: '#123456' });
  if (res.statusCode !== 200) throw new Error(`practitioner ${username}: ${res.statusCode} ${res.body}`);
  const hours = await d.call('PUT', `/api/appointment/practitioner/${userId}/hours`, admin, { intervals });
  if (hours.statusCode !== 200) throw new Error(`hours ${username}: ${hours.statusCode} ${hours.body}`);
  return userId;
}

export async function makeRoom(d: Diary, admin: Session, name: string) {
  const res = await d.call('POST', `/api/appointment/room/${admin.user.companyId}`, admin, { name });
  if (res.statusCode !== 201) throw new Error(`room: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function makeType(d: Diary, admin: Session, body: Record<string, unknown>) {
  const res = await d.call('POST', `/api/appointment/type/${admin.user.companyId}`, admin, {
    durationMinutes: 30,
    minMinutes: 15,
    maxMinutes: 120,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`type: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** The first company product's id. */
export const productIdOf = (d: Diary, companyId: number) =>
  withSystem(d.ctx.database.db, async (tx) => {
    const row = await selectRow(
      tx,
      idRow,
      sql`select id from products where company_id = ${companyId} order by id limit 1`,
    );
    if (!row) throw new Error('no product');
    return row.id;
  });

/** A fresh database, the demo seed and a few sign-ins (argon2): slow on a loaded machine. */
export const SET_UP_TIMEOUT = 180_000;

/** The booking tests' diary: two practitioners (za.user, za.web), a room, a type and the ZA clients. */
export async function openBookingDiary(name: string, bufferAfterMinutes: number) {
  const d = await openDiary();
  return {
    d,
    practitioner: await makePractitioner(d, d.za, 'za.user'),
    colleague: await makePractitioner(d, d.za, 'za.web'),
    room: await makeRoom(d, d.za, `${name} room`),
    type: await makeType(d, d.za, { name, bufferAfterMinutes }),
    clients: await clientIdsOf(d, d.zaCompany),
  };
}
