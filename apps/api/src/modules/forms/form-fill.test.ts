import { createHash } from 'node:crypto';
import type { FormDetail, FormRequestCreated, Questionnaire } from '@pd/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let admin: Session;
let reception: Session;
let uk: Session;
let formId: number;
let adultId: number;
let minorId: number;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Session, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(who ? who.bearer : {}), ...CSRF },
    ...(payload ? { payload } : {}),
  });

/** A form with a conditional question, a date of birth mapped to the record, a file and a signature. */
const definition: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Fill page test form',
  item: [
    { linkId: 'dob', type: 'date', text: 'Date of birth', definition: 'urn:practice-desk:dob' },
    { linkId: 'pain', type: 'boolean', text: 'Are you in pain?', required: true },
    {
      linkId: 'where',
      type: 'string',
      text: 'Where?',
      required: true,
      enableWhen: [{ question: 'pain', operator: '=', answerBoolean: true }],
    },
    { linkId: 'referral', type: 'attachment', text: 'Referral letter' },
    { linkId: 'signature', type: 'signature', text: 'Signature', required: true },
  ],
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const sign = () => ({
  contentType: 'image/png',
  size: png.length,
  data: png.toString('base64'),
  hash: createHash('sha256').update(png).digest('hex'),
});
const answers = { pain: [{ valueBoolean: false }], signature: [{ valueAttachment: sign() }] };

async function sent(clientId: number) {
  const res = await send('POST', `/api/form/request/${reception.user.companyId}`, reception, {
    formId,
    clientId,
    channel: 'kiosk',
  });
  const created = res.json() as FormRequestCreated;
  return { id: created.id, url: `/api/public/form/${created.url.split('/f#')[1]}` };
}
const link = async (clientId: number) => (await sent(clientId)).url;
const submissionOf = (url: string) =>
  withSystem(ctx.database.db, async (tx) => {
    const token = url.split('/').pop() ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await tx.execute<{ response: { extension: unknown[] }; marketing_consent: boolean }>(
      sql`select s.response, s.marketing_consent from form_submissions s join form_requests r on r.company_id = s.company_id and r.id = s.request_id where r.token_hash = ${hash}`,
    );
    return rows[0];
  });
const upload = (url: string, contentType: string, bytes: Buffer, title = 'letter.pdf') =>
  send('POST', `${url}/attachment`, undefined, { contentType, title, data: bytes.toString('base64') });
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const created = (
    await send('POST', `/api/form/${admin.user.companyId}`, admin, { definition })
  ).json() as FormDetail;
  formId = created.id;
  expect((await send('POST', `/api/form/publish/${formId}`, admin)).statusCode).toBe(200);
  const page = await send('GET', `/api/client1/company/${admin.user.companyId}/lazy?size=10`, admin);
  const [a, b] = page.json().content as { id: number }[];
  adultId = a?.id ?? 0;
  minorId = b?.id ?? 0;
  await withSystem(ctx.database.db, async (tx) => {
    await tx.update(clients).set({ dob: '1980-05-05', idNumber: null }).where(eq(clients.id, adultId));
    await tx.update(clients).set({ dob: '2015-03-03', idNumber: null }).where(eq(clients.id, minorId));
  });
});
afterAll(() => ctx.close());

describe('the public fill page’s API (issue 18, part 4)', () => {
  it('opens with the practice’s privacy notice, the kiosk flag and whether the record says under 18', async () => {
    const adult = (await send('GET', await link(adultId))).json();
    expect(adult).toMatchObject({ kiosk: true, minor: false, draft: null });
    expect(adult.notice).toContain(adult.practiceName);
    expect(adult.notice).toMatch(/Information Regulator/);
    expect(adult.prefill.dob).toEqual([{ valueDate: '1980-05-05' }]);
    expect((await send('GET', await link(minorId))).json().minor).toBe(true);
  });

  it('saves a draft against the link and gives it back on reopening; refuses a bad shape or a huge one', async () => {
    const url = await link(adultId);
    const draft = { answers: { pain: [{ valueBoolean: true }] }, marketingConsent: true };
    const saved = await send('PUT', `${url}/draft`, undefined, draft);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().savedAt).toBeTruthy();
    expect((await send('GET', url)).json().draft).toEqual(draft);
    const badShape = await send('PUT', `${url}/draft`, undefined, { answers: { pain: 'yes' } });
    expect(badShape.statusCode).toBe(400);
    const long = Array.from({ length: 50 }, () => ({ valueString: 'x'.repeat(5000) }));
    const huge = { answers: { where: long, a2: long, a3: long } }; // 750 KB: over the draft's 600 KB
    const tooBig = await send('PUT', `${url}/draft`, undefined, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await send('GET', url)).json().draft).toEqual(draft);
    expect((await send('POST', url, undefined, { answers })).statusCode).toBe(201);
    expect((await send('PUT', `${url}/draft`, undefined, draft)).statusCode).toBe(410);
    const left = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from form_drafts`);
      return rows[0]?.n;
    });
    expect(left).toBe(0);
  });

  it('takes a PDF, JPEG or PNG up to 5 MB; refuses the wrong type, a disguised file, an oversized one', async () => {
    const url = await link(adultId);
    const ok = await upload(url, 'application/pdf', pdf);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ url: expect.stringMatching(/^Binary\/\d+$/), size: pdf.length });
    const wrongType = await upload(url, 'text/plain', Buffer.from('hello'));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields[0].path).toBe('body.contentType');
    const disguised = await upload(url, 'application/pdf', png);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().fields[0].message).toMatch(/not the PDF/);
    const over = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024, 32)]);
    const tooBig = await upload(url, 'application/pdf', over);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields[0].message).toMatch(/5 MB/);
    const files = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from form_attachments where id = ${Number(ok.json().url.split('/')[1])}`,
      );
      return rows[0]?.n;
    });
    expect(files).toBe(1);
  });

  it('a submission names an uploaded file by reference; an inflated or foreign reference is refused', async () => {
    const url = await link(adultId);
    const file = (await upload(url, 'application/pdf', pdf)).json();
    const other = (await upload(await link(adultId), 'application/pdf', pdf)).json();
    const withFile = (f: object) => ({ answers: { ...answers, referral: [{ valueAttachment: f }] } });
    const inflated = await send('POST', url, undefined, withFile({ ...file, size: file.size + 1000 }));
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().fields).toEqual([{ path: 'body.answers.referral', message: expect.any(String) }]);
    const foreign = await send('POST', url, undefined, withFile(other));
    expect(foreign.statusCode).toBe(400);
    const zip = Buffer.from('PK\u0003\u0004zip');
    const inline = await send(
      'POST',
      url,
      undefined,
      withFile({
        contentType: 'application/zip',
        size: zip.length,
        data: zip.toString('base64'),
        hash: createHash('sha256').update(zip).digest('hex'),
      }),
    );
    expect(inline.json().fields).toEqual([
      { path: 'body.answers.referral', message: 'Attach a PDF, JPEG or PNG file.' },
    ]);
    expect((await send('POST', url, undefined, withFile(file))).statusCode).toBe(201);
    const stored = await submissionOf(url);
    expect(JSON.stringify(stored?.response)).toContain(file.url);
  });

  it('stores the separate marketing consent, unticked unless given', async () => {
    const ticked = await link(adultId);
    expect((await send('POST', ticked, undefined, { answers, marketingConsent: true })).statusCode).toBe(201);
    const stored = await submissionOf(ticked);
    expect(stored?.marketing_consent).toBe(true);
    expect(stored?.response.extension).toContainEqual({
      url: 'urn:practice-desk:marketing-consent',
      valueBoolean: true,
    });
    const plain = await link(adultId);
    expect((await send('POST', plain, undefined, { answers })).statusCode).toBe(201);
    expect((await submissionOf(plain))?.marketing_consent).toBe(false);
  });

  it('a client under 18 (by the record or by the answer) needs a parent or guardian, checked by the server', async () => {
    const minor = await link(minorId);
    const missing = await send('POST', minor, undefined, { answers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.guardian.name',
      'body.guardian.relationship',
      'body.guardian.signature',
    ]);
    const guardian = { name: 'Sipho Dlamini', relationship: 'Father', signature: sign() };
    const forged = await send('POST', minor, undefined, {
      answers,
      guardian: { ...guardian, signature: { ...sign(), hash: 'c'.repeat(64) } },
    });
    expect(forged.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.guardian.signature']);
    expect((await send('POST', minor, undefined, { answers, guardian })).statusCode).toBe(201);
    const stored = JSON.stringify((await submissionOf(minor))?.response);
    expect(stored).toContain('Sipho Dlamini');
    // An adult on record who answers a date of birth under 18 needs one too; a guardian for an adult is refused.
    const young = await link(adultId);
    const res = await send('POST', young, undefined, {
      answers: { ...answers, dob: [{ valueDate: '2012-01-01' }] },
    });
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain('body.guardian.name');
    const adult = await send('POST', await link(adultId), undefined, { answers, guardian });
    expect(adult.json().fields).toEqual([
      { path: 'body.guardian', message: expect.stringMatching(/under 18/) },
    ]);
  });

  it('a link that can no longer be used says why: submitted, withdrawn or expired (410)', async () => {
    const used = await link(adultId);
    await send('POST', used, undefined, { answers });
    const usedAgain = await send('GET', used);
    expect(usedAgain.statusCode).toBe(410);
    expect(usedAgain.json().message).toMatch(/already submitted/);
    const { id, url } = await sent(adultId);
    await send('PUT', `${url}/draft`, undefined, { answers: {} });
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update form_requests set expires_at = now() - interval '1 second' where id = ${id}`),
    );
    expect((await send('GET', url)).json().message).toMatch(/has expired/);
    expect((await send('PUT', `${url}/draft`, undefined, { answers: {} })).statusCode).toBe(410);
    expect((await upload(url, 'application/pdf', pdf)).statusCode).toBe(410);
    const withdrawn = await sent(adultId);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/form/request/${withdrawn.id}`,
      headers: { ...reception.bearer, ...CSRF },
    });
    const gone = await send('GET', withdrawn.url);
    expect(gone.json().message).toMatch(/withdrew it/);
  });

  it('the privacy notice: default from the company’s details, administrators change it, others read it', async () => {
    const url = `/api/company/${admin.user.companyId}/form-notice`;
    const first = (await send('GET', url, reception)).json();
    expect(first).toMatchObject({ custom: false });
    expect(first.notice).toBe(first.defaultNotice);
    expect((await send('PUT', url, reception, { notice: 'Ours.' })).statusCode).toBe(403);
    expect((await send('PUT', url, admin, { notice: '' })).statusCode).toBe(400);
    const changed = await send('PUT', url, admin, { notice: 'Our own notice.\n\nSecond paragraph.' });
    expect(changed.json()).toMatchObject({ custom: true, notice: 'Our own notice.\n\nSecond paragraph.' });
    expect((await send('GET', await link(adultId))).json().notice).toBe(
      'Our own notice.\n\nSecond paragraph.',
    );
    expect((await send('PUT', url, admin, { notice: null })).json()).toMatchObject({ custom: false });
    expect((await send('GET', url, uk)).statusCode).toBe(404);
    const ukOwn = (await send('GET', `/api/company/${uk.user.companyId}/form-notice`, uk)).json();
    expect(ukOwn.notice).toMatch(/Information Commissioner/);
  });
});
