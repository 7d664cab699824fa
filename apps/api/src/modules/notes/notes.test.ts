import { crc32, deflateSync } from 'node:zlib';
import { NEW_NOTE_DEFAULTS } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, notes } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { postJuristicClient } from '../clients/client-test-support.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let author: Session; // za.admin
let colleague: Session; // za.reception, same company
let uk: Session;
let clientId: number;
let otherClientId: number;
let ukClientId: number;

async function firstClients(who: Session, n: number): Promise<number[]> {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${who.user.companyId}/lazy?size=20`,
    headers: who.bearer,
  });
  return res
    .json()
    .content.slice(0, n)
    .map((c: { id: number }) => c.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  author = await login(ctx.app, 'za.admin');
  colleague = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  [clientId = 0, otherClientId = 0] = await firstClients(author, 2);
  [ukClientId = 0] = await firstClients(uk, 1);
});
afterAll(() => ctx.close());

const post = (body: object, who = author, client = clientId) =>
  ctx.app.inject({ method: 'POST', url: `/api/note1/client/${client}`, headers: who.bearer, payload: body });
const put = (body: object, who = author, client = clientId) =>
  ctx.app.inject({ method: 'PUT', url: `/api/note1/client/${client}`, headers: who.bearer, payload: body });
const del = (id: number, who = author, answer = 'Y') =>
  ctx.app.inject({ method: 'DELETE', url: `/api/note1/${id}?answer=${answer}`, headers: who.bearer });
const clientNotes = (who = author, client = clientId) =>
  ctx.app.inject({ url: `/api/note1/client/${client}`, headers: who.bearer });
const companyNotes = (who = author) =>
  ctx.app.inject({ url: `/api/note1/${who.user.companyId}`, headers: who.bearer });
const idsOf = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((n) => n.id);
const noteRows = () => withSystem(ctx.database.db, (tx) => tx.select().from(notes));

/** A real PNG of width x height, grey, with an IHDR, one IDAT and an IEND chunk. */
function png(width = 8, height = 8, extraBytes = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter byte per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    ...(extraBytes > 0 ? [chunk('tEXt', Buffer.alloc(extraBytes, 0x41))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

describe('create and list notes', () => {
  it('creates a note with the spec defaults and lists it for the client and the company', async () => {
    const res = await post({ subject: '  First visit  ' });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      ...NEW_NOTE_DEFAULTS,
      subject: 'First visit',
      clientId,
      authorId: author.user.id,
      authorName: 'Thandi Mokoena',
      canEdit: true,
    });
    expect(note.type).toBe('P');
    expect(note.sharable).toBe('N');
    expect(Date.parse(note.created)).toBeGreaterThan(Date.now() - 60_000);
    expect(idsOf(await clientNotes())).toContain(note.id);
    expect(idsOf(await companyNotes())).toContain(note.id);
    expect(idsOf(await clientNotes(author, otherClientId))).not.toContain(note.id);
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.action === 'note.create' && a.clientId === clientId);
    expect(entry?.subProcess).toBe('Client Management');
    // The audit trail never carries the note's text.
    expect(JSON.stringify(entry?.changes)).not.toContain('First visit');
  });

  it('refuses a blank or missing subject with "Field is required." and writes nothing', async () => {
    const before = (await noteRows()).length;
    const blank = await post({ subject: '   ', description: '<p>x</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ path: 'body.subject', message: 'Field is required.' }]);
    const missing = await post({ description: '<p>x</p>' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.subject']);
    expect((await noteRows()).length).toBe(before);
  });

  it.each([
    [{ type: 'X' }, 'body.type'],
    [{ format: 'P' }, 'body.format'],
    [{ sharable: 'yes' }, 'body.sharable'],
    [{ status: 'P' }, 'body.status'],
    [{ subject: 'x'.repeat(201) }, 'body.subject'],
    [{ authorId: 5 }, 'body.authorId'],
  ])('refuses %j on %s', async (over, path) => {
    const res = await post({ subject: 'Checks', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
  });

  it('stores editable N for a note that is not sharable', async () => {
    const res = await post({ subject: 'Private', sharable: 'N', editable: 'Y' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sharable: 'N', editable: 'N' });
  });

  it('answers 404 for a deleted, missing or foreign client and writes nothing', async () => {
    const before = (await noteRows()).length;
    for (const client of [ukClientId, 987654321]) {
      expect((await post({ subject: 'x' }, author, client)).statusCode).toBe(404);
      expect((await clientNotes(author, client)).statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: `/api/note1/${uk.user.companyId}`, headers: author.bearer })).statusCode,
    ).toBe(404);
    expect((await noteRows()).length).toBe(before);
  });
});

describe('sharable and editable', () => {
  it('a note that is not sharable is shown only to its author; others get 404', async () => {
    const id = (await post({ subject: 'Only mine', sharable: 'N' })).json().id;
    expect(idsOf(await clientNotes(author))).toContain(id);
    expect(idsOf(await clientNotes(colleague))).not.toContain(id);
    expect(idsOf(await companyNotes(colleague))).not.toContain(id);
    expect((await put({ id, subject: 'Taken over' }, colleague)).statusCode).toBe(404);
    expect((await del(id, colleague)).statusCode).toBe(404);
    expect((await clientNotes(author)).json().find((n: { id: number }) => n.id === id).subject).toBe(
      'Only mine',
    );
  });

  it('sharable Y, editable N: others see it but get 403 on change and delete; the author may', async () => {
    const id = (await post({ subject: 'Shared', sharable: 'Y', editable: 'N' })).json().id;
    const seen = (await clientNotes(colleague)).json().find((n: { id: number }) => n.id === id);
    expect(seen).toMatchObject({ subject: 'Shared', canEdit: false });
    const change = await put({ id, subject: 'Changed by colleague' }, colleague);
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('FORBIDDEN');
    expect((await del(id, colleague)).statusCode).toBe(403);
    const mine = await put({ id, subject: 'Changed by author' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ subject: 'Changed by author', sharable: 'Y', editable: 'N' });
    expect((await clientNotes(colleague)).json().find((n: { id: number }) => n.id === id).subject).toBe(
      'Changed by author',
    );
  });

  it('sharable Y, editable Y: others may change the content but not the flags', async () => {
    const id = (await post({ subject: 'Team note', sharable: 'Y', editable: 'Y', type: 'C' })).json().id;
    expect((await clientNotes(colleague)).json().find((n: { id: number }) => n.id === id).canEdit).toBe(true);
    const edit = await put(
      { id, subject: 'Team note, updated', description: '<p>seen today</p>' },
      colleague,
    );
    expect(edit.statusCode).toBe(200);
    // Absent fields keep their value.
    expect(edit.json()).toMatchObject({
      subject: 'Team note, updated',
      description: '<p>seen today</p>',
      type: 'C',
      sharable: 'Y',
      editable: 'Y',
      authorId: author.user.id,
    });
    for (const flags of [{ sharable: 'N' }, { editable: 'N' }]) {
      const res = await put({ id, subject: 'Team note, updated', ...flags }, colleague);
      expect(res.statusCode, JSON.stringify(flags)).toBe(403);
    }
    const unchanged = (await clientNotes(author)).json().find((n: { id: number }) => n.id === id);
    expect(unchanged).toMatchObject({ sharable: 'Y', editable: 'Y' });
    const authorHides = await put({ id, subject: 'Team note, updated', sharable: 'N' });
    expect(authorHides.statusCode).toBe(200);
    expect(authorHides.json()).toMatchObject({ sharable: 'N', editable: 'N' });
    expect(idsOf(await clientNotes(colleague))).not.toContain(id);
  });

  it('sharable Y, editable Y: a colleague may delete it', async () => {
    const id = (await post({ subject: 'Shared to delete', sharable: 'Y', editable: 'Y' })).json().id;
    expect((await del(id, colleague)).statusCode).toBe(204);
    expect(idsOf(await clientNotes(author))).not.toContain(id);
  });
});

describe('update and delete', () => {
  it('updates only the note of that client; a missing id is a 400', async () => {
    const id = (await post({ subject: 'Right client' })).json().id;
    expect((await put({ id, subject: 'Wrong client' }, author, otherClientId)).statusCode).toBe(404);
    const noId = await put({ subject: 'No id' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields).toEqual([{ path: 'body.id', message: 'Field is required.' }]);
    const res = await put({ id, subject: 'Renamed', status: 'I' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, subject: 'Renamed', status: 'I', clientId });
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.action === 'note.update' && a.description.includes(String(id)));
    expect(entry?.changes).toMatchObject({ status: { from: 'A', to: 'I' }, subject: { to: '(text)' } });
  });

  it('deletes only with the answer Y; the row stays, marked deleted, and a second delete is 404', async () => {
    const id = (await post({ subject: 'To delete' })).json().id;
    for (const answer of ['N', '']) {
      const refused = await del(id, author, answer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields[0].path).toBe('querystring.answer');
    }
    expect(idsOf(await clientNotes())).toContain(id);
    expect((await del(id)).statusCode).toBe(204);
    expect(idsOf(await clientNotes())).not.toContain(id);
    expect((await del(id)).statusCode).toBe(404);
    expect((await put({ id, subject: 'ghost' })).statusCode).toBe(404);
    expect((await noteRows()).find((n) => n.id === id)?.deletedAt).toBeInstanceOf(Date);
  });

  it('another company’s note answers 404 to update and delete, and stays unchanged', async () => {
    const ukNote = (await post({ subject: 'UK note', sharable: 'Y', editable: 'Y' }, uk, ukClientId)).json()
      .id;
    expect((await del(ukNote, author)).statusCode).toBe(404);
    expect((await put({ id: ukNote, subject: 'hijack' }, author, ukClientId)).statusCode).toBe(404);
    expect((await put({ id: ukNote, subject: 'hijack' }, author, clientId)).statusCode).toBe(404);
    expect(idsOf(await companyNotes(author))).not.toContain(ukNote);
    const still = (await clientNotes(uk, ukClientId)).json().find((n: { id: number }) => n.id === ukNote);
    expect(still.subject).toBe('UK note');
  });

  it('takes a deleted client’s notes out of the lists', async () => {
    const created = await postJuristicClient(ctx.app, author, {
      name: 'Short Lived Ltd',
      email: 'short@example.com',
      mobile: '+27115550111',
    });
    const shortLived = created.json().id;
    const id = (await post({ subject: 'Before deletion' }, author, shortLived)).json().id;
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client1/${shortLived}?answer=Y`,
      headers: author.bearer,
    });
    expect(idsOf(await companyNotes())).not.toContain(id);
    expect((await clientNotes(author, shortLived)).statusCode).toBe(404);
    expect((await del(id)).statusCode).toBe(404);
  });
});

describe('rich text and drawings', () => {
  it('stores rich text sanitised and keeps what the editor produces', async () => {
    const res = await post({
      subject: 'Formatted',
      description:
        '<p><strong>Knee</strong> <em>pain</em><script>alert(1)</script></p><ol><li data-list="bullet">ice</li></ol>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(
      '<p><strong>Knee</strong> <em>pain</em></p><ol><li data-list="bullet">ice</li></ol>',
    );
    const stored = (await noteRows()).find((n) => n.id === res.json().id);
    expect(stored?.description).not.toContain('script');
  });

  it('accepts a PNG drawing (format F) and gives it back unchanged', async () => {
    const drawing = dataUrl(png(40, 30));
    const res = await post({ subject: 'Sketch', format: 'F', description: drawing });
    expect(res.statusCode).toBe(201);
    const listed = (await clientNotes()).json().find((n: { id: number }) => n.id === res.json().id);
    expect(listed).toMatchObject({ format: 'F', description: drawing });
  });

  it('accepts a drawing of nearly 2 MB, beyond the app’s 1 MB body limit', async () => {
    const big = png(8, 8, 2 * 1024 * 1024 - 200);
    expect(big.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const res = await post({ subject: 'Big sketch', format: 'F', description: dataUrl(big) });
    expect(res.statusCode).toBe(201);
    expect(res.json().description.length).toBeGreaterThan(2_700_000);
  });

  it.each([
    ['a JPEG', dataUrl(Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex'), 'image/jpeg')],
    [
      'a GIF labelled PNG',
      dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!,')),
    ],
    ['garbage base64', 'data:image/png;base64,@@@not-base64@@@'],
    ['plain text', 'just words'],
    ['an SVG', dataUrl(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml')],
    ['an empty drawing', ''],
    ['a PNG over 2 MB', dataUrl(png(8, 8, 2 * 1024 * 1024))],
  ])('refuses %s on body.description and writes nothing', async (_, description) => {
    const before = (await noteRows()).length;
    const res = await post({ subject: 'Bad sketch', format: 'F', description });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.description']);
    expect((await noteRows()).length).toBe(before);
  });

  it('refuses switching a rich-text note to a drawing without a PNG, and keeps the note', async () => {
    const id = (await post({ subject: 'Text first', description: '<p>words</p>' })).json().id;
    const res = await put({ id, subject: 'Text first', format: 'F' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('body.description');
    const kept = (await clientNotes()).json().find((n: { id: number }) => n.id === id);
    expect(kept).toMatchObject({ format: 'R', description: '<p>words</p>' });
  });
});
