import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/harness.ts';
import {
  clientIdsOf,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
  type Session,
} from './appointment-test-support.ts';

let d: Diary;
let nomsa: Session; // za.user, made a practitioner
let practitioner: number;
let clientId: number;
beforeAll(async () => {
  d = await openDiary();
  practitioner = await makePractitioner(d, d.za, 'za.user');
  nomsa = await login(d.app, 'za.user');
  clientId = (await clientIdsOf(d, d.zaCompany))[0] ?? 0;
  const type = await makeType(d, d.za, { name: 'Feed visit' });
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId,
    practitionerId: practitioner,
    typeId: type,
    start: `${start}T10:00`,
    notes: '<p>Lower back pain after fall; diabetic</p>',
  });
  expect(res.statusCode, res.body).toBe(201);
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('calendar feed', () => {
  it('a practitioner makes a secret address; the feed shows times, type and initials only', async () => {
    expect((await d.call('GET', '/api/appointment/calendar-feed', nomsa)).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await d.call('POST', '/api/appointment/calendar-feed', nomsa);
    expect(made.statusCode).toBe(201);
    const { url } = made.json();
    expect(url).toMatch(/\/api\/appointment\/ics\/[A-Za-z0-9_-]{43}$/);
    expect((await d.call('GET', '/api/appointment/calendar-feed', nomsa)).json().active).toBe(true);
    const feed = await d.app.inject({ url: pathOf(url) }); // public: no session
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('SUMMARY:Feed visit – A.Z.');
    expect(feed.body).not.toMatch(/Anele|Zulu|back pain|diabetic|DESCRIPTION/);
    // Only the token's hash is stored.
    const stored = await d.ctx.database.pool.query('select token_hash from calendar_feeds');
    expect(JSON.stringify(stored.rows)).not.toContain(url.split('/').at(-1));
  });

  it('a new address revokes the old (410); revoking ends it; unknown tokens are 404', async () => {
    const old = pathOf((await d.call('POST', '/api/appointment/calendar-feed', nomsa)).json().url);
    const fresh = pathOf((await d.call('POST', '/api/appointment/calendar-feed', nomsa)).json().url);
    const gone = await d.app.inject({ url: old });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This calendar feed was revoked.' });
    expect((await d.app.inject({ url: fresh })).statusCode).toBe(200);
    expect((await d.call('DELETE', '/api/appointment/calendar-feed', nomsa)).statusCode).toBe(204);
    expect((await d.app.inject({ url: fresh })).statusCode).toBe(410);
    expect((await d.call('DELETE', '/api/appointment/calendar-feed', nomsa)).statusCode).toBe(404);
    const unknown = await d.app.inject({ url: `/api/appointment/ics/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('only practitioners have a feed', async () => {
    expect((await d.call('POST', '/api/appointment/calendar-feed', d.reception)).statusCode).toBe(403);
  });
});
