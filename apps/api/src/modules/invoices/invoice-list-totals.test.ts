import { INVOICE_LISTS } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { newClient, pastInvoice } from '../unpaid/unpaid-test-support.ts';
import { api, type Session } from './invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
});
afterAll(() => ctx.close());

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));

/** What the lazy list itself shows for a list: its rows' count and sums. */
async function fromList(who: Session, list: string, clientId: number) {
  const url = `/api/invoice1/all/lazyloading/${who.user.companyId}?size=100&filters=${filters({ status: list, clientId })}`;
  const page = (await call.get(url, who)).json() as {
    data: { status: string; totalCents: number; outstandingCents: number }[];
    totalElements: number;
  };
  const owed = page.data.filter((i) => i.status !== 'cancelled' && i.status !== 'draft');
  return {
    list,
    count: page.totalElements,
    totalCents: page.data.reduce((s, i) => s + i.totalCents, 0),
    outstandingCents: owed.reduce((s, i) => s + i.outstandingCents, 0),
  };
}

describe('invoice list totals (issue 13)', () => {
  it("answers each tab's count, total and outstanding, as its list adds up, for one client", async () => {
    const clientId = await newClient(ctx, za);
    const overdue = await pastInvoice(ctx, za, clientId, 59_800);
    const paid = await pastInvoice(ctx, za, clientId, 10_000);
    await pastInvoice(ctx, za, clientId, 25_000, '2099-01-05');
    const pay = await call.call('POST', `/api/invoice1/payment/${paid.id}`, za, {
      amount: 10_000,
      date: '2026-02-01',
      method: 'eft',
    });
    expect(pay.statusCode, pay.body).toBeLessThan(300);
    const part = await call.call('POST', `/api/invoice1/payment/${overdue.id}`, za, {
      amount: 800,
      date: '2026-02-01',
      method: 'cash',
    });
    expect(part.statusCode, part.body).toBeLessThan(300);

    const res = await call.get(
      `/api/invoice1/all/totals/${za.user.companyId}?filters=${filters({ clientId })}`,
      za,
    );
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json();
    expect(totals.map((t: { list: string }) => t.list)).toEqual([...INVOICE_LISTS]);
    expect(totals.find((t: { list: string }) => t.list === 'unpaid')).toEqual({
      list: 'unpaid',
      count: 1,
      totalCents: 59_800,
      outstandingCents: 59_000,
    });
    expect(totals.find((t: { list: string }) => t.list === 'all')).toMatchObject({
      count: 3,
      totalCents: 94_800,
      outstandingCents: 84_000,
    });
    const expected = await Promise.all(INVOICE_LISTS.map((list) => fromList(za, list, clientId)));
    expect(totals).toEqual(expected);
  });

  it('is scoped to the caller: another company answers 404 and a search of nobody answers zeros', async () => {
    const other = await call.get(`/api/invoice1/all/totals/${za.user.companyId}`, uk);
    expect(other.statusCode).toBe(404);
    const none = await call.get(`/api/invoice1/all/totals/${za.user.companyId}?search=zz`, za);
    expect(none.statusCode).toBe(200);
    for (const t of none.json()) expect(t).toMatchObject({ count: 0, totalCents: 0, outstandingCents: 0 });
  });
});
