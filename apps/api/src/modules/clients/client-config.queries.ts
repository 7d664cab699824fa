import { CLIENT_CONFIG_KEYS } from '@pd/contracts';
import { and, eq } from 'drizzle-orm';
import { clientConfigs } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type ConfigValues = Record<(typeof CLIENT_CONFIG_KEYS)[number], string | number | null>;

/** The client's healthcare details; every field null when none were saved yet. */
export async function readConfigValues(tx: Tx, companyId: number, clientId: number): Promise<ConfigValues> {
  const [row] = await tx
    .select()
    .from(clientConfigs)
    .where(and(eq(clientConfigs.companyId, companyId), eq(clientConfigs.clientId, clientId)));
  return Object.fromEntries(CLIENT_CONFIG_KEYS.map((k) => [k, row?.[k] ?? null])) as ConfigValues;
}

export async function saveConfigValues(tx: Tx, companyId: number, clientId: number, values: ConfigValues) {
  const row = { ...values, companyId, clientId, updatedAt: new Date() } as typeof clientConfigs.$inferInsert;
  await tx
    .insert(clientConfigs)
    .values(row)
    .onConflictDoUpdate({ target: [clientConfigs.companyId, clientConfigs.clientId], set: row });
}
