import { type FormDetail, formTargetUri, type Questionnaire } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let admin: Session; // za.admin, rights A
let reception: Session; // za.reception, no rights
let uk: Session; // uk.admin, the other company

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  reception = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const create = (body: object, who = admin) => send('POST', `/api/form/${who.user.companyId}`, who, body);
const saveDraft = (id: number, definition: Questionnaire, who = admin) =>
  send('PUT', `/api/form/draft/${id}`, who, { definition });
const publish = (id: number, who = admin) => send('POST', `/api/form/publish/${id}`, who);
const versionRows = (formId: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const { rows } = await tx.execute<{ version: number; status: string; definition: Questionnaire }>(
      sql`select version, status, definition from form_versions where form_id = ${formId} order by version`,
    );
    return rows;
  });

const simple = (title: string, extra: object = {}): Questionnaire => ({
  resourceType: 'Questionnaire',
  title,
  item: [
    {
      linkId: 'name',
      type: 'string',
      text: 'Your name',
      required: true,
      definition: formTargetUri('firstName'),
    },
  ],
  ...extra,
});

describe('form definitions (issue 18, parts 1 and 2)', () => {
  it('the demo company starts with the shipped forms of its type, published', async () => {
    const za = (await send('GET', `/api/form/all/${admin.user.companyId}`, reception)).json();
    expect(za.map((f: FormDetail) => f.name)).toEqual(['New patient intake', 'Physiotherapy consent']);
    expect(za[0].published.version).toBe(1);
    expect(za[0].published.publishedBy).toBe('Thandi Mokoena');
    const ukForms = (await send('GET', `/api/form/all/${uk.user.companyId}`, uk)).json();
    expect(ukForms.map((f: FormDetail) => f.name)).toEqual(['Fact-find and needs analysis']);
    const templates = (await send('GET', `/api/form/templates/${admin.user.companyId}`, reception)).json();
    expect(templates.map((t: { key: string }) => t.key).sort()).toEqual([
      'adviser-fact-find',
      'new-patient-intake',
      'physiotherapy-consent',
    ]);
  });

  it('creates from a template, saves the draft, publishes it, and a later edit makes version 2', async () => {
    const created = await create({ template: 'physiotherapy-consent', name: 'Consent for dry needling' });
    expect(created.statusCode).toBe(201);
    const form = created.json() as FormDetail;
    expect(form).toMatchObject({ name: 'Consent for dry needling', published: null, draft: { version: 1 } });
    const v1 = (await send('GET', `/api/form/version/${form.draft?.id}`, reception)).json();
    expect(v1.definition.item.map((i: { linkId: string }) => i.linkId)).toContain('needling');

    const published = await publish(form.id);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      draft: null,
      published: { version: 1, publishedBy: 'Thandi Mokoena' },
    });

    const edited = { ...v1.definition, title: 'Dry needling consent' };
    const saved = await saveDraft(form.id, edited);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Dry needling consent',
      published: { version: 1 },
      draft: { version: 2 },
    });
    expect((await saveDraft(form.id, { ...edited, description: 'Second save' })).json().draft.version).toBe(
      2,
    );
    expect(await versionRows(form.id)).toMatchObject([
      { version: 1, status: 'published', definition: { title: 'Consent for dry needling' } },
      { version: 2, status: 'draft', definition: { description: 'Second save' } },
    ]);

    expect((await send('DELETE', `/api/form/draft/${form.id}`, admin)).statusCode).toBe(204);
    const after = await send('GET', `/api/form/specific/${form.id}`, admin);
    expect(after.json()).toMatchObject({ draft: null, published: { version: 1 } });
  });

  it('refuses to publish a definition with problems, naming each, and keeps the draft', async () => {
    const form = (await create({ name: 'Broken form' })).json() as FormDetail;
    const broken = simple('Broken form', {
      item: [
        { linkId: 'a', type: 'boolean', enableWhen: [{ question: 'b', operator: '=', answerBoolean: true }] },
        { linkId: 'b', type: 'boolean', enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }] },
        { linkId: 'c', type: 'string', definition: 'urn:practice-desk:nonsense' },
      ],
    });
    expect((await saveDraft(form.id, broken)).statusCode).toBe(200);
    const refused = await publish(form.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { path: 'definition.item.2.definition', message: 'Choose a field of the client record, or none.' },
    ]);
    await saveDraft(form.id, { ...broken, item: broken.item.slice(0, 2) });
    expect((await publish(form.id)).json().fields[0].message).toBe(
      'These items depend on each other in a circle: a → b → a.',
    );
    expect(await versionRows(form.id)).toMatchObject([{ version: 1, status: 'draft' }]);
    // A form never published keeps its draft: discarding it is refused.
    expect((await send('DELETE', `/api/form/draft/${form.id}`, admin)).statusCode).toBe(409);
  });

  it('refuses bad input with 400 or 409 in the error shape, and writes nothing', async () => {
    const count = () =>
      withSystem(ctx.database.db, async (tx) => {
        const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from form_versions`);
        return rows[0]?.n;
      });
    const before = await count();
    const bad = async (body: object, status: number, path?: string) => {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (path) expect(res.json().fields[0].path).toBe(path);
      return res;
    };
    await bad({ template: 'no-such-form' }, 400, 'body.template');
    await bad({}, 400, 'body.name');
    await bad({ name: 42 }, 400, 'body.name');
    await bad({ template: 'physiotherapy-consent', definition: simple('Both') }, 400, 'body.template');
    await bad(
      { definition: { ...simple('Wrong'), resourceType: 'Patient' } },
      400,
      'body.definition.resourceType',
    );
    await bad({ definition: simple('Bad id', { item: [{ linkId: 'a b', type: 'string' }] }) }, 400);
    await bad({ definition: simple('Bad type', { item: [{ linkId: 'a', type: 'reference' }] }) }, 400);
    await bad(
      {
        definition: simple('Bad date', {
          item: [{ linkId: 'a', type: 'date', initial: [{ valueDate: '2026-02-30' }] }],
        }),
      },
      400,
    );
    const clash = await bad({ name: 'New patient intake' }, 409);
    expect(clash.json().message).toBe('A form named New patient intake exists already.');
    // 5,000 nested groups (about 200 KB): refused as too deep, not a stack overflow.
    const levels = 5000;
    const opening = Array.from(
      { length: levels },
      (_, i) => `[{"linkId":"g${i}","type":"group","item":`,
    ).join('');
    const deep = await ctx.app.inject({
      method: 'POST',
      url: `/api/form/${admin.user.companyId}`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: `{"definition":{"resourceType":"Questionnaire","title":"Deep","item":${opening}[]${'}]'.repeat(levels)}}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBeTruthy();
    expect(await count()).toBe(before);
  });

  it('lets administrators change and everyone read; another company sees nothing', async () => {
    const form = (await create({ name: 'Rights check' })).json() as FormDetail;
    expect((await create({ name: 'By reception' }, reception)).statusCode).toBe(403);
    expect((await saveDraft(form.id, simple('Changed'), reception)).statusCode).toBe(403);
    expect((await publish(form.id, reception)).statusCode).toBe(403);
    expect((await send('GET', `/api/form/specific/${form.id}`, reception)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/form/specific/${form.id}`],
      ['GET', `/api/form/version/${form.draft?.id}`],
      ['PUT', `/api/form/draft/${form.id}`],
      ['POST', `/api/form/publish/${form.id}`],
      ['DELETE', `/api/form/draft/${form.id}`],
      ['GET', `/api/form/all/${admin.user.companyId}`],
    ] as const) {
      const res = await send(
        method,
        url,
        uk,
        method === 'PUT' ? { definition: simple('Theirs') } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('a published version cannot change or disappear, even outside the API (database trigger)', async () => {
    const form = (await create({ definition: simple('Frozen') })).json() as FormDetail;
    await publish(form.id);
    const attempt = (statement: ReturnType<typeof sql>) =>
      withSystem(ctx.database.db, (tx) => tx.execute(statement)).then(
        () => 'changed',
        (error: Error) => String(error.cause ?? error.message),
      );
    expect(await attempt(sql`update form_versions set definition = '{}' where form_id = ${form.id}`)).toMatch(
      /published and cannot change/,
    );
    expect(await attempt(sql`delete from form_versions where form_id = ${form.id}`)).toMatch(
      /published and cannot change/,
    );
    expect(await versionRows(form.id)).toMatchObject([
      { version: 1, status: 'published', definition: { title: 'Frozen' } },
    ]);
  });

  it('two publications of one draft at once publish it once; two first edits of a published form make one draft', async () => {
    const form = (await create({ definition: simple('Raced') })).json() as FormDetail;
    const both = await Promise.all([publish(form.id), publish(form.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const edits = await Promise.all([
      saveDraft(form.id, simple('Raced')),
      saveDraft(form.id, simple('Raced')),
    ]);
    expect(edits.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await versionRows(form.id)).map((v) => `${v.version} ${v.status}`)).toEqual([
      '1 published',
      '2 draft',
    ]);
  });
});
