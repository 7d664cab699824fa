import { intakeQueuePath } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, upload } from './intake-test-support.ts';
import { samplePatient } from './samples/patients.ts';
import { samplePdf } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  // One parser and one waiting file per company: the third file at once is turned away.
  ctx = await createTestContext({ env: { INTAKE_PARSERS: '1', INTAKE_QUEUE_PER_COMPANY: '1' } });
  [za, uk] = await Promise.all([login(ctx.app, 'za.reception'), login(ctx.app, 'uk.admin')]);
});
afterAll(() => ctx.close());

const queue = (who: typeof za, companyId = who.user.companyId) =>
  ctx.app.inject({ url: intakeQueuePath(companyId), headers: who.bearer });

describe('the intake parse queue over HTTP', () => {
  it('answers 429 in the error shape with a Retry-After when the company already has a file waiting', async () => {
    const pdfs = await Promise.all(
      [1, 2, 3].map((i) => samplePdf(mappings['001'], samplePatient(i, 'queue'), { fillable: false })),
    );
    let settled = false;
    let sawWaiting = 0;
    const watching = (async () => {
      while (!settled) {
        sawWaiting = Math.max(sawWaiting, (await queue(za)).json().waiting);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers = await Promise.all(pdfs.map((pdf, i) => upload(ctx.app, za, '001', `q${i}.pdf`, pdf)));
    settled = true;
    await watching;
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Your practice already has a file waiting to be read; try again when it is done.',
      requestId: expect.any(String),
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    expect(sawWaiting).toBe(1); // the import panel could see the file waiting
  }, 90_000);

  it("tells a company its own queue only: another company's id is 404", async () => {
    const mine = await queue(za);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ reading: 0, waiting: 0, ahead: 0 });
    expect((await queue(za, uk.user.companyId)).statusCode).toBe(404);
  });
});
