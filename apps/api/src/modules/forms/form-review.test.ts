import { randomUUID } from 'node:crypto';
import { type FormRequestCreated, type FormReview, luhnCheckDigit } from '@pd/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { pdfText } from '../invoices/invoice-test-support.ts';
import { png, signature, tokenOf } from './form-test-support.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let admin: Session; // za.admin builds the test's form
let reception: Session; // za.reception reviews and accepts: any signed-in user
let uk: Session;
let formId: number;
const run = randomUUID().slice(0, 8);

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Session, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(who ? who.bearer : {}), ...CSRF, 'user-agent': 'ReviewTest/2.0' },
    ...(payload ? { payload } : {}),
  });

let sequence = 100;
/** A valid SA ID number nobody else in the demo data has. */
const saId = () => {
  const first12 = `850101${String(5000 + sequence++).padStart(4, '0')}08`;
  return `${first12}${luhnCheckDigit(first12)}`;
};
const mapped = (linkId: string, field: string, text: string) => ({
  linkId,
  type: 'string',
  text,
  definition: `urn:practice-desk:${field}`,
});
const definition = {
  resourceType: 'Questionnaire',
  title: `Review test ${run}`,
  item: [
    {
      linkId: 'you',
      type: 'group',
      text: 'About you',
      item: [
        { ...mapped('firstName', 'firstName', 'First name'), required: true },
        mapped('lastName', 'lastName', 'Last name'),
        mapped('email', 'email', 'E-mail'),
        mapped('idNumber', 'idNumber', 'ID number'),
        mapped('scheme', 'medicalName', 'Medical aid'),
        mapped('mobile', 'mobile', 'Mobile'),
        mapped('address1', 'address1', 'Street'),
        mapped('suburb', 'addressRegion', 'Suburb'),
        mapped('province', 'addressState', 'Province'),
        mapped('postalCode', 'addressPostalCode', 'Postal code'),
      ],
    },
    { linkId: 'notes', type: 'text', text: 'Anything else we should know' },
    { linkId: 'signature', type: 'signature', text: 'Signature', required: true },
  ],
};

async function newClient(lastName: string) {
  const res = await send('POST', `/api/client1/${admin.user.companyId}`, admin, {
    firstName: 'Thandi',
    lastName,
    preferredName: 'Thandi',
    email: `${lastName.toLowerCase()}@review.example`,
    mobile: '082 555 0142',
    address1: '1 Main Road',
    addressRegion: 'Sandton',
    addressState: 'Gauteng',
    addressPostalCode: '2196',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** A client, a kiosk link for the test's form, and its submission through the public route. */
async function submitted(answers: Record<string, unknown[]>, clientId?: number) {
  const id = clientId ?? (await newClient(`Review${run}${sequence++}`));
  const created = (
    await send('POST', `/api/form/request/${reception.user.companyId}`, reception, {
      formId,
      clientId: id,
      channel: 'kiosk',
    })
  ).json() as FormRequestCreated;
  const saved = await send('POST', `/api/public/form/${tokenOf(created)}`, undefined, {
    answers: { signature: [signature], ...answers },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const list = await send(
    'GET',
    `/api/form/request/lazyloading/${reception.user.companyId}?clientId=${id}&size=10`,
    reception,
  );
  const row = list.json().data.find((r: { id: number }) => r.id === created.id);
  return {
    clientId: id,
    requestId: created.id,
    submissionId: row.submissionId as number,
    token: tokenOf(created),
  };
}

const accept = (submissionId: number, linkIds: string[], who = reception) =>
  send('POST', `/api/form/review/${submissionId}/accept`, who, { linkIds });
const clientOf = async (id: number) => (await send('GET', `/api/client1/${id}`, admin)).json();
const auditOf = (clientId: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const { rows } = await tx.execute<{ action: string; changes: Record<string, unknown> }>(
      sql`select action, changes from audit_entries where client_id = ${clientId} order by id`,
    );
    return rows;
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const created = await send('POST', `/api/form/${admin.user.companyId}`, admin, { definition });
  expect(created.statusCode, created.body).toBe(201);
  formId = created.json().id;
  const published = await send('POST', `/api/form/publish/${formId}`, admin);
  expect(published.statusCode, published.body).toBe(200);
});
afterAll(() => ctx.close());

describe('reviewing a submission and accepting it into the record (issue 18, part 6)', () => {
  it('shows mapped answers beside the record, accepts only the ticked ones, audits them, and refuses a second acceptance', async () => {
    const { clientId, submissionId } = await submitted({
      firstName: [{ valueString: 'Thandiwe' }],
      lastName: [{ valueString: 'Changed' }],
      email: [{ valueString: `thandiwe.${run}@review.example` }],
      scheme: [{ valueString: 'Discovery Health' }],
      notes: [{ valueString: 'Knee pain since June' }],
    });
    const before = await clientOf(clientId);
    const review = (await send('GET', `/api/form/review/${submissionId}`, reception)).json() as FormReview;
    expect(review).toMatchObject({
      formName: `Review test ${run}`,
      clientId,
      sealValid: true,
      acceptance: null,
    });
    expect(review.fields.map((f) => [f.linkId, f.field, f.current, f.submitted, f.changes])).toEqual([
      ['firstName', 'firstName', 'Thandi', 'Thandiwe', true],
      ['lastName', 'lastName', before.lastName, 'Changed', true],
      ['email', 'email', before.email, `thandiwe.${run}@review.example`, true],
      ['scheme', 'medicalName', null, 'Discovery Health', true],
    ]);
    expect(review.answers.find((a) => a.linkId === 'notes')).toMatchObject({
      values: ['Knee pain since June'],
      mapped: false,
    });
    expect(review.answers.find((a) => a.linkId === 'signature')?.images).toEqual([png.toString('base64')]);

    const accepted = await accept(submissionId, ['firstName', 'email', 'scheme']);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().acceptance).toMatchObject({
      fields: ['firstName', 'email', 'medicalName'],
      clientId,
      createdClient: false,
    });
    const after = await clientOf(clientId);
    expect(after).toMatchObject({ firstName: 'Thandiwe', email: `thandiwe.${run}@review.example` });
    expect(after.lastName).toBe(before.lastName);
    const config = (await send('GET', `/api/client1/${clientId}/config`, admin)).json();
    expect(config.medicalName).toBe('Discovery Health');
    const audit = await auditOf(clientId);
    const update = audit.find((a) => a.action === 'client.update');
    // The display name follows the first name, as for any edit of the record.
    expect(Object.keys(update?.changes ?? {}).sort()).toEqual(['email', 'firstName', 'medicalName', 'name']);
    expect(audit.filter((a) => a.action === 'form.accept')).toHaveLength(1);

    const again = await accept(submissionId, ['lastName']);
    expect(again.statusCode).toBe(409);
    expect((await clientOf(clientId)).lastName).toBe(before.lastName);
    const list = await send(
      'GET',
      `/api/form/request/lazyloading/${reception.user.companyId}?clientId=${clientId}&status=accepted`,
      reception,
    );
    expect(list.json()).toMatchObject({ totalRecords: 1, data: [{ status: 'accepted' }] });
  });

  it('refuses an unmapped answer, and an ID number that is another client’s (409, nothing written)', async () => {
    const otherId = saId();
    const other = await newClient(`Other${run}`);
    await withSystem(ctx.database.db, (tx) =>
      tx.update(clients).set({ idNumber: otherId }).where(eq(clients.id, other)),
    );
    const { clientId, submissionId } = await submitted({
      firstName: [{ valueString: 'Sipho' }],
      idNumber: [{ valueString: otherId }],
      notes: [{ valueString: 'Read only' }],
    });
    const unmapped = await accept(submissionId, ['notes']);
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().fields).toEqual([{ path: 'body.linkIds.notes', message: expect.any(String) }]);
    const taken = await accept(submissionId, ['firstName', 'idNumber']);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(`client ${other}`);
    expect((await clientOf(clientId)).firstName).toBe('Thandi');
    // Without the ID number it goes through; accepting nothing at all is allowed too (a consent form).
    expect((await accept(submissionId, ['firstName'])).statusCode).toBe(200);
    expect((await clientOf(clientId)).firstName).toBe('Sipho');
    const plain = await submitted({ firstName: [{ valueString: 'Unchanged' }] });
    const none = await accept(plain.submissionId, []);
    expect(none.json().acceptance).toMatchObject({ fields: [] });
    expect((await clientOf(plain.clientId)).firstName).toBe('Thandi');
  });

  it('when the client was deleted since, matches by ID number, else e-mail, and creates a client when none matches', async () => {
    const email = `new.${run}@review.example`;
    const idNumber = saId();
    const answers = {
      firstName: [{ valueString: 'Naledi' }],
      lastName: [{ valueString: `Fresh${run}` }],
      email: [{ valueString: email }],
      idNumber: [{ valueString: idNumber }],
      mobile: [{ valueString: '082 555 0143' }],
      address1: [{ valueString: '2 Long Street' }],
      suburb: [{ valueString: 'Gardens' }],
      province: [{ valueString: 'Western Cape' }],
      postalCode: [{ valueString: '8001' }],
    };
    const { clientId, submissionId } = await submitted(answers);
    const second = await submitted({ ...answers, firstName: [{ valueString: 'Naledi-Again' }] });
    for (const id of [clientId, second.clientId])
      expect((await send('DELETE', `/api/client1/${id}?answer=Y`, admin)).statusCode).toBe(204);
    const review = (await send('GET', `/api/form/review/${submissionId}`, reception)).json() as FormReview;
    expect(review.clientName).toBeNull();
    const short = await accept(submissionId, ['firstName', 'email']);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toContainEqual({
      path: 'body.linkIds',
      message: expect.stringMatching(/^mobile: /),
    });
    const res = await accept(submissionId, Object.keys(answers));
    expect(res.statusCode, res.body).toBe(200);
    const acceptance = res.json().acceptance;
    expect(acceptance.createdClient).toBe(true);
    expect(acceptance.clientId).not.toBe(clientId);
    expect(await clientOf(acceptance.clientId)).toMatchObject({ firstName: 'Naledi', email, idNumber });
    expect((await auditOf(acceptance.clientId)).map((a) => a.action)).toEqual([
      'client.create',
      'form.accept',
    ]);
    // The second submission's client is gone too: its ID number now matches the client just made.
    const matched = await accept(second.submissionId, ['firstName', 'idNumber']);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().acceptance).toMatchObject({ clientId: acceptance.clientId, createdClient: false });
    expect((await clientOf(acceptance.clientId)).firstName).toBe('Naledi-Again');
  });

  it('refuses healthcare details for a company that is not a healthcare practice', async () => {
    const ukForm = await send('POST', `/api/form/${uk.user.companyId}`, uk, {
      definition: { ...definition, title: `Adviser form ${run}` },
    });
    const formIdUk = ukForm.json().id;
    expect((await send('POST', `/api/form/publish/${formIdUk}`, uk)).statusCode).toBe(200);
    const page = await send('GET', `/api/client1/company/${uk.user.companyId}/lazy?size=10`, uk);
    const ukClient = page.json().content[0].id;
    const created = (
      await send('POST', `/api/form/request/${uk.user.companyId}`, uk, {
        formId: formIdUk,
        clientId: ukClient,
        channel: 'kiosk',
      })
    ).json() as FormRequestCreated;
    const saved = await send('POST', `/api/public/form/${tokenOf(created)}`, undefined, {
      answers: {
        firstName: [{ valueString: 'Alistair' }],
        scheme: [{ valueString: 'Bupa' }],
        signature: [signature],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const list = await send(
      'GET',
      `/api/form/request/lazyloading/${uk.user.companyId}?clientId=${ukClient}`,
      uk,
    );
    const submissionId = list.json().data[0].submissionId;
    const refused = await accept(submissionId, ['firstName', 'scheme'], uk);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: 'body.linkIds.scheme', message: expect.any(String) }]);
    expect((await accept(submissionId, ['firstName'], uk)).statusCode).toBe(200);
  });

  it('of concurrent acceptances exactly one writes', async () => {
    const { clientId, submissionId } = await submitted({ firstName: [{ valueString: 'Once' }] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(submissionId, ['firstName'])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const audit = await auditOf(clientId);
    expect(audit.filter((a) => a.action === 'form.accept')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'client.update')).toHaveLength(1);
  });
});

describe('the submission PDF (part 5), tenancy, and the Forms page list (part 7)', () => {
  it('is a PDF of every answer with the submission record and seal', async () => {
    const { submissionId } = await submitted({
      firstName: [{ valueString: 'Pdfina' }],
      notes: [{ valueString: `Answer ${run}` }],
    });
    const res = await send('GET', `/api/form/submission/${submissionId}/pdf`, reception);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    const review = (await send('GET', `/api/form/review/${submissionId}`, reception)).json() as FormReview;
    for (const expected of [
      `Review test ${run}`,
      'About you',
      'First name',
      'Pdfina',
      'Anything else we should know',
      `Answer ${run}`,
      'Signature',
      review.ip,
      'ReviewTest/2.0',
      review.seal,
      'The stored response matches its seal.',
    ])
      expect(text).toContain(expected);
  });

  it('another company’s submission and request answer 404, exactly like missing ones', async () => {
    const { submissionId, requestId } = await submitted({ firstName: [{ valueString: 'Private' }] });
    for (const [method, url, body] of [
      ['GET', `/api/form/review/${submissionId}`],
      ['POST', `/api/form/review/${submissionId}/accept`, { linkIds: [] }],
      ['GET', `/api/form/submission/${submissionId}/pdf`],
      ['POST', `/api/form/request/${requestId}/resend`, {}],
    ] as const) {
      const res = await send(method, url, uk, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const page = await send('GET', `/api/form/request/lazyloading/${uk.user.companyId}?formId=${formId}`, uk);
    expect(page.json()).toEqual({ data: [], totalRecords: 0 });
  });

  it('filters, sorts and pages the requests, and a resend withdraws the old link', async () => {
    const clientId = await newClient(`Listed${run}`);
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(
        (
          await send('POST', `/api/form/request/${reception.user.companyId}`, reception, {
            formId,
            clientId,
            channel: 'kiosk',
          })
        ).json() as FormRequestCreated,
      );
    const base = `/api/form/request/lazyloading/${reception.user.companyId}?clientId=${clientId}&formId=${formId}`;
    const first = (await send('GET', `${base}&size=10&sortField=created&sortOrder=asc`, reception)).json();
    expect(first.totalRecords).toBe(3);
    expect(first.data.map((r: { id: number }) => r.id)).toEqual(sent.map((s) => s.id));
    const resent = await send('POST', `/api/form/request/${sent[0]?.id}/resend`, reception, {});
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ clientId, formId, channel: 'kiosk', status: 'sent' });
    expect((await send('GET', `/api/public/form/${tokenOf(sent[0] as FormRequestCreated)}`)).statusCode).toBe(
      410,
    );
    const withdrawn = (await send('GET', `${base}&status=revoked`, reception)).json();
    expect(withdrawn.data.map((r: { id: number }) => r.id)).toEqual([sent[0]?.id]);
    const live = (await send('GET', `${base}&status=sent&size=10`, reception)).json();
    expect(live.totalRecords).toBe(3);
    const bad = await send('GET', `${base}&sortField=tokenHash`, reception);
    expect(bad.statusCode).toBe(400);
    const range = await send('GET', `${base}&start=2020-01-01T00:00:00Z&end=2020-01-02T00:00:00Z`, reception);
    expect(range.json().totalRecords).toBe(0);
  });
});
