import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let author: Session; // za.admin: rights A
let colleague: Session; // za.reception, same company, no rights
let uk: Session;
let clientId: number;
let ukClientId: number;

async function firstClient(who: Session): Promise<number> {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${who.user.companyId}/lazy`,
    headers: who.bearer,
  });
  return res.json().content[0].id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  author = await login(ctx.app, 'za.admin');
  colleague = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  clientId = await firstClient(author);
  ukClientId = await firstClient(uk);
});
afterAll(() => ctx.close());

const clientNotes = (who = author, client = clientId) =>
  ctx.app.inject({ url: `/api/note1/client/${client}`, headers: who.bearer });
const idsOf = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((n) => n.id);
const noteRows = () => withSystem(ctx.database.db, (tx) => tx.select().from(notes));

describe('note templates', () => {
  const templates = (who = author) =>
    ctx.app.inject({ url: `/api/notetemplate/${who.user.companyId}`, headers: who.bearer });

  it('every member of staff reads the company’s templates; the demo practice has its own', async () => {
    const res = await templates(colleague);
    expect(res.statusCode).toBe(200);
    const subjects = res.json().map((t: { subject: string }) => t.subject);
    expect(subjects).toContain('Initial assessment');
    expect(subjects).not.toContain('Annual review meeting');
    expect(
      (await ctx.app.inject({ url: `/api/notetemplate/${uk.user.companyId}`, headers: author.bearer }))
        .statusCode,
    ).toBe(404);
  });

  it('only rights A may create, change or delete a template (403 otherwise)', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/notetemplate/${author.user.companyId}`,
      headers: author.bearer,
      payload: {
        subject: 'Dry needling consent',
        body: '<p>Risks explained.</p><img src=x onerror=alert(1)>',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      subject: 'Dry needling consent',
      body: '<p>Risks explained.</p>',
    });
    const id = created.json().id;
    const attempts = [
      {
        method: 'POST' as const,
        url: `/api/notetemplate/${colleague.user.companyId}`,
        payload: { subject: 'x' },
      },
      { method: 'PUT' as const, url: `/api/notetemplate/${id}`, payload: { subject: 'x' } },
      { method: 'DELETE' as const, url: `/api/notetemplate/${id}` },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ ...attempt, headers: colleague.bearer });
      expect(res.statusCode, attempt.method).toBe(403);
    }
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notetemplate/${id}`,
      headers: author.bearer,
      payload: { subject: 'Dry needling consent form' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      subject: 'Dry needling consent form',
      body: '<p>Risks explained.</p>',
    });
    const blank = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notetemplate/${id}`,
      headers: author.bearer,
      payload: { subject: ' ' },
    });
    expect(blank.json().fields).toEqual([{ path: 'body.subject', message: 'Field is required.' }]);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notetemplate/${id}`,
      headers: author.bearer,
    });
    expect(gone.statusCode).toBe(204);
    expect((await templates()).json().map((t: { id: number }) => t.id)).not.toContain(id);
  });

  it('creates a note from a template with its subject and body and the new-note defaults', async () => {
    const template = (await templates())
      .json()
      .find((t: { subject: string }) => t.subject === 'Initial assessment');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}/${template.id}`,
      headers: { ...colleague.bearer },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subject: 'Initial assessment',
      description: template.body,
      type: 'P',
      format: 'R',
      sharable: 'N',
      editable: 'N',
      status: 'A',
      authorId: colleague.user.id,
    });
    expect(template.body).toContain('<strong>Presenting complaint:</strong>');
    // It is the colleague's private note.
    expect(idsOf(await clientNotes(author))).not.toContain(res.json().id);
  });

  it('a template or client of another company answers 404 and nothing is written', async () => {
    const ukTemplate = (await templates(uk)).json()[0].id;
    const ownTemplate = (await templates()).json()[0].id;
    const before = (await noteRows()).length;
    for (const url of [
      `/api/note1/client/${clientId}/${ukTemplate}`,
      `/api/note1/client/${ukClientId}/${ownTemplate}`,
      `/api/note1/client/${clientId}/987654321`,
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: author.bearer });
      expect(res.statusCode, url).toBe(404);
    }
    for (const attempt of [
      { method: 'PUT' as const, payload: { subject: 'hijack' } },
      { method: 'DELETE' as const },
    ]) {
      const res = await ctx.app.inject({
        ...attempt,
        url: `/api/notetemplate/${ukTemplate}`,
        headers: author.bearer,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await noteRows()).length).toBe(before);
    expect((await templates(uk)).json()[0].id).toBe(ukTemplate);
  });

  it('a cookie write without the CSRF header is refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}`,
      cookies: { pd_session: author.token },
      payload: { subject: 'csrf' },
    });
    expect(res.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}`,
      cookies: { pd_session: author.token },
      headers: CSRF,
      payload: { subject: 'csrf ok' },
    });
    expect(ok.statusCode).toBe(201);
  });
});
