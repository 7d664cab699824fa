import { CALL_OUTCOMES, type CallOutcome, OPEN_OUTCOMES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { calls } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

const PURPOSES = ['Booking', 'Reschedule', 'Account query', 'Claim status', 'Results', 'New enquiry', ''];
/** Numbers no demo client has: the unknown callers. */
const UNKNOWN = { ZA: ['+27837654321', '+27115550123'], UK: ['+447400123456', '+442079460958'] };

const clientRow = z.object({ id: z.number(), mobile: z.string().nullable() });
const userRow = z.object({ id: z.number(), username: z.string() });

/**
 * Issue 17: a week of calls for a demo company (five a day, in and out, every outcome), the last two days'
 * unanswered ones still open in the callback queue, and a message for a colleague waiting there too (no
 * task: the task lists' tests count the demo's tasks).
 */
export async function insertDemoCalls(tx: Tx, companyId: number, country: string): Promise<void> {
  const known = await selectRows(
    tx,
    clientRow,
    sql`select id::float8 as id, mobile from clients where company_id = ${companyId} and mobile is not null
         and deleted_at is null order by id limit 12`,
  );
  const staff = await selectRows(
    tx,
    userRow,
    sql`select id::float8 as id, username from users where company_id = ${companyId} and active order by id`,
  );
  if (known.length === 0 || staff.length < 2) return;
  const unknown = UNKNOWN[country === 'ZA' ? 'ZA' : 'UK'];
  const now = Date.now();
  const rows: (typeof calls.$inferInsert)[] = [];
  for (let day = 7; day >= 1; day--) {
    for (let slot = 0; slot < 5; slot++) {
      const n = day * 5 + slot;
      const client = slot === 4 ? undefined : known[n % known.length];
      const outcome: CallOutcome = CALL_OUTCOMES[n % CALL_OUTCOMES.length] ?? 'answered';
      const startedAt = new Date(now - day * 86_400_000 + (slot - 2) * 5_400_000);
      const stillOpen = OPEN_OUTCOMES.includes(outcome) && day <= 2;
      rows.push({
        companyId,
        clientId: client?.id ?? null,
        direction: n % 3 === 0 ? 'out' : 'in',
        number: client?.mobile ?? unknown[n % unknown.length] ?? '+27837654321',
        startedAt,
        durationSeconds: outcome === 'answered' ? 60 + ((n * 37) % 600) : 0,
        outcome,
        purpose: PURPOSES[n % PURPOSES.length] ?? '',
        handledById: staff[n % staff.length]?.id ?? 0,
        followUpAt: OPEN_OUTCOMES.includes(outcome) ? new Date(startedAt.getTime() + 86_400_000) : null,
        status: stillOpen ? 'open' : 'closed',
        closedAt:
          OPEN_OUTCOMES.includes(outcome) && !stillOpen ? new Date(startedAt.getTime() + 86_400_000) : null,
      });
    }
  }
  const [taker, colleague] = staff;
  const caller = known[0];
  if (taker && colleague && caller?.mobile) {
    const startedAt = new Date(now - 3 * 3_600_000);
    const followUpAt = new Date(now + 3_600_000);
    rows.push({
      companyId,
      clientId: caller.id,
      direction: 'in',
      number: caller.mobile,
      startedAt,
      durationSeconds: 75,
      outcome: 'answered',
      purpose: 'Account query',
      takenForId: colleague.id,
      handledById: taker.id,
      followUpAt,
      status: 'open',
    });
  }
  await tx.insert(calls).values(rows);
}
