import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRow } from '../../lib/sql.ts';

export const settingsRow = z.object({
  name: z.string(),
  region: z.string(),
  currency: z.string(),
  address: z.string().nullable(),
  cancelInstruction: z.string().nullable(),
  /** The longest practitioner's name: the preview counts the long case. */
  practitioner: z.string().nullable(),
});
export type SettingsRow = z.infer<typeof settingsRow>;

/** The longest active practitioner's name of the company `companyId` names: the preview counts the long case. */
export const practitionerForPreview = (companyId: SQL) =>
  sql`(select u.display_name from practitioners p
         join users u on u.company_id = p.company_id and u.id = p.user_id
        where p.company_id = ${companyId} and p.active = 'Y'
        order by length(u.display_name) desc, u.id limit 1)`;

/** The company's name, region and currency with its reminder settings (absent: none yet). */
export const readSettings = async (tx: Tx, companyId: number): Promise<SettingsRow | undefined> =>
  selectRow(
    tx,
    settingsRow,
    sql`select c.name, c.region, c.currency, s.address, s.cancel_instruction as "cancelInstruction",
               ${practitionerForPreview(sql`c.id`)} as practitioner
          from companies c left join reminder_settings s on s.company_id = c.id
         where c.id = ${companyId}`,
  );

export const saveSettings = (
  tx: Tx,
  companyId: number,
  v: { address: string; cancelInstruction: string | null },
) =>
  execute(
    tx,
    sql`insert into reminder_settings (company_id, address, cancel_instruction)
        values (${companyId}, ${v.address}, ${v.cancelInstruction})
        on conflict (company_id) do update
          set address = excluded.address, cancel_instruction = excluded.cancel_instruction, updated_at = now()`,
  );
