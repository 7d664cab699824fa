import { DEFAULT_CANCEL_INSTRUCTION, type MergeValues, sampleMergeValues, timeZoneFor } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';
import { readAccount } from '../messaging/credit.queries.ts';
import { readSettings, type SettingsRow } from './settings.queries.ts';

/** What reminders need of the company: its name, zone, address, cancel instruction and SMS price. */
export interface ReminderCompany {
  id: number;
  name: string;
  timeZone: string;
  currency: string;
  address: string;
  /** As stored: null when the company uses the default. */
  ownCancelInstruction: string | null;
  cancelInstruction: string;
  segmentPriceCents: number;
  balanceCents: number;
  /** The preview's values (typical client values, the company's own). */
  sample: MergeValues;
}

export async function reminderCompany(tx: Tx, companyId: number): Promise<ReminderCompany> {
  const row = mustExist(await readSettings(tx, companyId), 'Company');
  return companyOf(companyId, row, await readAccount(tx, companyId));
}

/** The company as reminders see it, from its settings row and its credit account. */
export function companyOf(
  companyId: number,
  row: SettingsRow,
  account: { segmentPriceCents: number; balanceCents: number },
): ReminderCompany {
  const cancelInstruction = row.cancelInstruction ?? DEFAULT_CANCEL_INSTRUCTION;
  const address = row.address ?? '';
  return {
    id: companyId,
    name: row.name,
    timeZone: timeZoneFor(row.region),
    currency: row.currency,
    address,
    ownCancelInstruction: row.cancelInstruction,
    cancelInstruction,
    segmentPriceCents: account.segmentPriceCents,
    balanceCents: account.balanceCents,
    sample: sampleMergeValues({
      practiceName: row.name,
      address,
      cancelInstruction,
      ...(row.practitioner ? { practitioner: row.practitioner } : {}),
    }),
  };
}
