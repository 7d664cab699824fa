import { CLIENT_CONFIG_KEYS, type ClientConfigInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { diffFields, type FieldChanges } from '../audit/audit.service.ts';
import { type ConfigRow, findConfigs, upsertConfigs } from './intake.queries.ts';

type DiagnosisKey = Extract<(typeof CLIENT_CONFIG_KEYS)[number], `diagnosisCode${number}`>;
export const DIAGNOSES = CLIENT_CONFIG_KEYS.filter((k): k is DiagnosisKey => k.startsWith('diagnosisCode'));
type ConfigValues = Record<(typeof CLIENT_CONFIG_KEYS)[number], string | number | null>;

function merge(before: ConfigValues, patch: ClientConfigInput): ConfigValues {
  const merged = { ...before };
  for (const key of CLIENT_CONFIG_KEYS) {
    const value = patch[key];
    if (value !== undefined && value !== null && value !== '') merged[key] = value;
  }
  // The form's codes are the diagnosis as it stands now: codes it leaves out are cleared, not kept.
  if (DIAGNOSES.some((k) => patch[k])) for (const k of DIAGNOSES) merged[k] = patch[k] || null;
  return merged;
}

/**
 * The healthcare details of the imported clients (company type H): what the form fills in replaces the
 * stored value, blanks keep it. One read and batched upserts; returns each client's changes for its
 * audit entry.
 */
export async function saveConfigs(
  tx: Tx,
  companyId: number,
  items: { clientId: number; config: ClientConfigInput; isNew: boolean }[],
): Promise<Map<number, FieldChanges>> {
  const withConfig = items.filter((i) => Object.values(i.config).some((v) => v !== undefined && v !== null));
  // A client created by this import has nothing stored yet.
  const stored = await findConfigs(
    tx,
    companyId,
    withConfig.filter((i) => !i.isNew).map((i) => i.clientId),
  );
  const changes = new Map<number, FieldChanges>();
  const rows: ConfigRow[] = [];
  for (const { clientId, config } of withConfig) {
    const row = stored.get(clientId);
    const before = Object.fromEntries(CLIENT_CONFIG_KEYS.map((k) => [k, row?.[k] ?? null])) as ConfigValues;
    const merged = merge(before, config);
    const diff = diffFields(before, merged);
    if (Object.keys(diff).length === 0) continue;
    changes.set(clientId, diff);
    rows.push({ ...merged, companyId, clientId } as ConfigRow);
  }
  await upsertConfigs(tx, rows);
  return changes;
}
