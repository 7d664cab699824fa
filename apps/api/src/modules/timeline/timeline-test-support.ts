import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { withSystem } from '../../db/tenancy.ts';

/** What a test or benchmark adds to one client's timeline: a kind and when (ISO instant). */
export interface Planted {
  kind: 'note' | 'privateNote' | 'call' | 'email' | 'sms' | 'invoice' | 'appointment' | 'audit';
  at: string;
  /** The note's subject, call's purpose, e-mail's subject, SMS text, invoice notes or audit description. */
  text: string;
}

/** Writes the rows straight to the tables (as the services would, with chosen times); returns their ids. */
export function plantTimeline(
  db: Db,
  ids: { companyId: number; clientId: number; userId: number; otherUserId: number },
  items: Planted[],
): Promise<number[]> {
  const { companyId: c, clientId: cl, userId: u } = ids;
  return withSystem(db, async (tx) => {
    const out: number[] = [];
    for (const item of items) {
      const at = sql`${item.at}::timestamptz`;
      const insert = {
        note: sql`insert into notes (company_id, client_id, author_id, subject, description, sharable, created_at, updated_at)
          values (${c}, ${cl}, ${u}, ${item.text}, ${'<p>Body of <strong>note</strong></p>'}, 'Y', ${at}, ${at})`,
        privateNote: sql`insert into notes (company_id, client_id, author_id, subject, sharable, created_at, updated_at)
          values (${c}, ${cl}, ${ids.otherUserId}, ${item.text}, 'N', ${at}, ${at})`,
        call: sql`insert into calls (company_id, client_id, direction, number, started_at, duration_seconds, outcome,
            purpose, handled_by_id, created_at, updated_at)
          values (${c}, ${cl}, 'in', '+27821087109', ${at}, 120, 'answered', ${item.text}, ${u}, ${at}, ${at})`,
        email: sql`insert into messages (company_id, client_id, user_id, channel, recipient, subject, content, status,
            created_at, updated_at)
          values (${c}, ${cl}, ${u}, 'email', 'client@example.com', ${item.text}, 'Hello', 'sent', ${at}, ${at})`,
        sms: sql`insert into messages (company_id, client_id, user_id, channel, recipient, content, status, created_at,
            updated_at)
          values (${c}, ${cl}, ${u}, 'sms', '+27821087109', ${item.text}, 'sent', ${at}, ${at})`,
        invoice: sql`insert into invoices (company_id, client_id, bill_to_client_id, invoiced, due, currency,
            total_cents, subtotal_cents, notes, created_by, created_at, updated_at, status)
          values (${c}, ${cl}, ${cl}, ${at}::date, ${at}::date, 'ZAR', 12345, 12345, ${item.text}, ${u}, ${at}, ${at},
            'draft')`,
        appointment: sql`insert into appointments (company_id, client_id, practitioner_id, type_id, span, notes,
            allow_overlap, created_at, updated_at)
          select ${c}, ${cl}, p.user_id, t.id, tstzrange(${at}, ${at} + interval '30 minutes'), ${item.text}, true,
            ${at}, ${at}
          from practitioners p, appointment_types t where p.company_id = ${c} and t.company_id = ${c}
          order by p.user_id, t.id limit 1`,
        audit: sql`insert into audit_entries (company_id, user_id, client_id, sub_process, action, description, at)
          values (${c}, ${u}, ${cl}, 'Client Management', 'audit.manual', ${item.text}, ${at})`,
      }[item.kind];
      const { rows } = await tx.execute<{ id: number }>(sql`${insert} returning id`);
      out.push(Number(rows[0]?.id));
    }
    return out;
  });
}
