import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, noteTemplates, tasks } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { unsafeMarkup, XSS_PAYLOADS } from './xss-payloads.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>; // not ROLE_ISOPRACTICE: may use tasks
let clientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.evolve');
  const list = await ctx.app.inject({
    url: `/api/client1/company/${admin.user.companyId}/lazy`,
    headers: admin.bearer,
  });
  clientId = list.json().content[0].id;
});
afterAll(() => ctx.close());

describe('the payload list and its checker', () => {
  it('holds at least 50 payloads, every one of which the checker calls unsafe as written', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
    const missed = XSS_PAYLOADS.filter((p) => unsafeMarkup(p).length === 0);
    expect(missed).toEqual([]);
  });

  it('calls the editor’s own markup safe', () => {
    expect(
      unsafeMarkup(
        '<p><strong>ok</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a> about onions = 3</p>',
      ),
    ).toEqual([]);
  });
});

describe('stored rich text comes back harmless', () => {
  it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('note payload %i: %s', async (_, payload) => {
    const description = `<p>before</p>${payload}<p>after</p>`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}`,
      headers: admin.bearer,
      payload: { subject: 'XSS probe', description },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const listed = await ctx.app.inject({ url: `/api/note1/client/${clientId}`, headers: admin.bearer });
    const stored = listed.json().find((n: { id: number }) => n.id === id).description as string;
    expect(unsafeMarkup(stored)).toEqual([]);
    expect(stored.toLowerCase()).not.toContain('<script');
    // The harmless text around the payload survives.
    expect(stored).toContain('<p>before</p>');
    expect(stored).toContain('<p>after</p>');
  });

  it('the database holds no payload in notes, updates, note templates or task notes', async () => {
    const joined = XSS_PAYLOADS.join('\n');
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}`,
      headers: admin.bearer,
      payload: { subject: 'XSS update probe', sharable: 'Y', editable: 'Y' },
    });
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/note1/client/${clientId}`,
      headers: staff.bearer,
      payload: { id: note.json().id, subject: 'XSS update probe', description: joined },
    });
    expect(updated.statusCode).toBe(200);
    const template = await ctx.app.inject({
      method: 'POST',
      url: `/api/notetemplate/${admin.user.companyId}`,
      headers: admin.bearer,
      payload: { subject: 'XSS template probe', body: joined },
    });
    expect(template.statusCode).toBe(201);
    const fromTemplate = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}/${template.json().id}`,
      headers: admin.bearer,
    });
    expect(fromTemplate.statusCode).toBe(201);
    const task = await ctx.app.inject({
      method: 'POST',
      url: `/api/task/${staff.user.companyId}`,
      headers: staff.bearer,
      payload: { clientId, type: 'O', description: 'XSS task probe', note: joined },
    });
    expect(task.statusCode).toBe(201);
    const taskUpdate = await ctx.app.inject({
      method: 'PUT',
      url: `/api/task/${task.json().id}`,
      headers: staff.bearer,
      payload: { note: `<p>again</p>${joined}` },
    });
    expect(taskUpdate.statusCode).toBe(200);
    for (const answer of [updated, template, fromTemplate, task, taskUpdate]) {
      const body = answer.json();
      expect(unsafeMarkup(body.description ?? body.body ?? body.note)).toEqual([]);
    }
    const stored = await withSystem(ctx.database.db, async (tx) => [
      ...(await tx.select({ html: notes.description }).from(notes)),
      ...(await tx.select({ html: noteTemplates.body }).from(noteTemplates)),
      ...(await tx.select({ html: tasks.note }).from(tasks)),
    ]);
    expect(stored.length).toBeGreaterThan(XSS_PAYLOADS.length);
    const unsafe = stored.flatMap((row) => unsafeMarkup(row.html));
    expect(unsafe).toEqual([]);
  });
});
