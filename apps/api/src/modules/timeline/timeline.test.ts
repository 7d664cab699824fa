import type { TimelineEntry } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { postJuristicClient } from '../clients/client-test-support.ts';
import { type Planted, plantTimeline } from './timeline-test-support.ts';

type Session = Awaited<ReturnType<typeof login>>;
let ctx: TestContext;
let admin: Session; // za.admin
let colleague: Session; // za.evolve, the same company
let uk: Session;
let clientId: number;
let ukClientId: number;

const T = (minute: number) => `2025-06-01T08:${String(minute).padStart(2, '0')}:00.000000Z`;
/** Oldest first; two at T(5) of different kinds and two notes at T(6) test the order at one instant. */
const PLANTED: Planted[] = [
  { kind: 'appointment', at: T(0), text: 'First visit' },
  { kind: 'note', at: T(1), text: 'Intake note' },
  { kind: 'privateNote', at: T(2), text: 'Someone else’s private note' },
  { kind: 'call', at: T(3), text: 'Asked about fees' },
  { kind: 'invoice', at: T(4), text: 'Consultation' },
  { kind: 'sms', at: T(5), text: 'See you tomorrow' },
  { kind: 'email', at: T(5), text: 'Your statement' },
  { kind: 'audit', at: T(5), text: 'Checked the address' },
  { kind: 'note', at: T(6), text: 'Tie one' },
  { kind: 'note', at: T(6), text: 'Tie two' },
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  colleague = await login(ctx.app, 'za.evolve');
  uk = await login(ctx.app, 'uk.admin');
  const made = await postJuristicClient(ctx.app, admin, {
    name: 'Timeline Traders',
    email: 'timeline@example.com',
    mobile: '082 555 0101',
  });
  clientId = made.json().id;
  const ukMade = await postJuristicClient(ctx.app, uk, {
    name: 'Elsewhere Ltd',
    email: 'elsewhere@example.com',
    mobile: '082 555 0102',
  });
  ukClientId = ukMade.json().id;
  const ids = {
    companyId: admin.user.companyId,
    clientId,
    userId: admin.user.id,
    otherUserId: colleague.user.id,
  };
  await plantTimeline(ctx.database.db, ids, PLANTED);
});
afterAll(() => ctx.close());

const get = (query: string, who = admin, id = clientId) =>
  ctx.app.inject({ url: `/api/client1/${id}/timeline${query}`, headers: who.bearer });

async function allPages(size: number, extra = ''): Promise<TimelineEntry[]> {
  const seen: TimelineEntry[] = [];
  let cursor: string | null = '';
  for (let guard = 0; cursor !== null && guard < 100; guard++) {
    const res = await get(`?size=${size}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { entries: TimelineEntry[]; nextCursor: string | null };
    expect(page.entries.length).toBeLessThanOrEqual(size);
    seen.push(...page.entries);
    cursor = page.nextCursor;
  }
  return seen;
}

/** The planted entries only: creating the client wrote its own audit entry, today. */
const planted = (entries: TimelineEntry[]) => entries.filter((e) => e.at.startsWith('2025-06-01'));
const label = (e: TimelineEntry) => `${e.kind}:${e.title}`;

describe('the client timeline', () => {
  it('merges every kind newest first; at one instant by kind, then the newest id', async () => {
    const res = await get('?size=100');
    expect(res.statusCode).toBe(200);
    const entries = planted(res.json().entries);
    expect(entries.map((e) => e.kind)).toEqual([
      'note',
      'note',
      'email',
      'sms',
      'audit',
      'invoice',
      'call',
      'note',
      'appointment',
    ]);
    expect(entries.slice(0, 2).map((e) => e.title)).toEqual(['Tie two', 'Tie one']);
    const note = entries.find((e) => e.title === 'Intake note');
    expect(note).toMatchObject({ summary: 'Body of note', who: expect.any(String), at: T(1) });
    expect(entries.find((e) => e.kind === 'call')).toMatchObject({
      title: 'Incoming call',
      summary: '2 min · Asked about fees',
      status: 'Answered',
    });
    expect(entries.find((e) => e.kind === 'invoice')).toMatchObject({
      title: 'Draft invoice',
      status: 'draft',
    });
    expect(entries.find((e) => e.kind === 'invoice')?.summary).toMatch(
      /^R\s?123[.,]45 · Invoiced 2025-06-01/,
    );
    expect(entries.find((e) => e.kind === 'email')).toMatchObject({
      title: 'Your statement',
      summary: 'Hello',
    });
    expect(entries.find((e) => e.kind === 'appointment')?.summary).toBe('30 min · First visit');
    // Someone else's private note stays theirs, as in the notes list.
    expect(entries.some((e) => e.title.includes('private'))).toBe(false);
    const theirs = planted((await get('?size=100', colleague)).json().entries);
    expect(theirs.some((e) => e.title.includes('private'))).toBe(true);
  });

  it('pages by cursor without gaps or repeats, also through entries at one instant', async () => {
    const whole = (await get('?size=100')).json().entries as TimelineEntry[];
    for (const size of [1, 2, 3]) {
      const paged = await allPages(size);
      expect(paged.map(label)).toEqual(whole.map(label));
      expect(new Set(paged.map((e) => `${e.kind}${e.id}`)).size).toBe(paged.length);
    }
  });

  it('filters by kinds, also while paging', async () => {
    const res = await get('?size=100&kinds=email,sms,call');
    expect(planted(res.json().entries).map((e: TimelineEntry) => e.kind)).toEqual(['email', 'sms', 'call']);
    const notes = await allPages(1, '&kinds=note');
    expect(notes.map((e) => e.title)).toEqual(['Tie two', 'Tie one', 'Intake note']);
  });

  it('keeps a plain title as typed and reduces rich text to its words', async () => {
    const subject = 'Fees < R500 & <b>soon</b>';
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/note1/client/${clientId}`,
      headers: admin.bearer,
      payload: { subject, description: '<p>x &amp; <em>y</em></p><script>alert(1)</script>' },
    });
    expect(made.statusCode).toBe(201);
    const [newest] = (await get('?kinds=note&size=1')).json().entries as TimelineEntry[];
    expect(newest).toMatchObject({ title: subject, summary: 'x & y' });
  });

  it('shows each stage an opportunity of the client entered, with who moved it', async () => {
    const company = uk.user.companyId;
    const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: uk.bearer, payload });
    const [pipeline] = (await req('GET', `/api/pipeline/${company}`)).json();
    const [first, second] = pipeline.stages;
    const opened = await req('POST', `/api/opportunity/${company}`, {
      clientId: ukClientId,
      pipelineId: pipeline.id,
      stageId: first.id,
      title: 'Key person cover',
    });
    expect(opened.statusCode).toBe(201);
    await req('POST', `/api/opportunity/move/${opened.json().id}`, { stageId: second.id });
    const page = (await get('?kinds=stage', uk, ukClientId)).json();
    expect(page.entries.map((e: TimelineEntry) => [e.kind, e.title, e.summary, e.who, e.status])).toEqual([
      ['stage', 'Key person cover', `${first.name} → ${second.name}`, 'Eleanor Hughes', 'open'],
      ['stage', 'Key person cover', `Opened in ${first.name}`, 'Eleanor Hughes', 'open'],
    ]);
    // The other company's client has none of them; every kind together still pages.
    expect((await get('?kinds=stage')).json().entries).toEqual([]);
    const all = (await get('', uk, ukClientId)).json().entries.map((e: TimelineEntry) => e.kind);
    expect(all).toContain('stage');
    expect(all).toContain('audit');
  });

  it('answers 404 for another company’s client, as the record does', async () => {
    expect((await get('', admin, ukClientId)).statusCode).toBe(404);
    expect((await get('', uk, clientId)).statusCode).toBe(404);
    expect((await get('', admin, 987_654_321)).statusCode).toBe(404);
  });

  it.each([
    ['?size=0', 'querystring.size'],
    ['?size=101', 'querystring.size'],
    ['?size=ten', 'querystring.size'],
    ['?size=99999999999999999', 'querystring.size'],
    ['?kinds=note%00', 'querystring.kinds'],
    [`?kinds=${'note,'.repeat(60)}`, 'querystring.kinds'],
    ['?kinds=note,bogus', 'querystring.kinds'],
    ['?kinds=', 'querystring.kinds'],
    ['?cursor=garbage', 'querystring.cursor'],
    ['?cursor=2025-02-30T08:00:00.000000Z_note_1', 'querystring.cursor'],
    ['?cursor=2025-06-01T25:00:00.000000Z_note_1', 'querystring.cursor'],
    ['?cursor=2025-06-01T08:00:00.000000Z_invoice_99999999999999999', 'querystring.cursor'],
    ['?cursor=2025-06-01T08:00:00.000000Z_parcel_1', 'querystring.cursor'],
    ['?cursor=2025-06-01T08:00:00.000000Z_note_1%00', 'querystring.cursor'],
    ['?unknown=1', 'querystring'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields.map((f: { path: string }) => f.path).join(' ')).toContain(field);
  });
});
