import {
  CLIENT_CONFIG_KEYS,
  type ClientConfig,
  type ClientConfigInput,
  normaliseMobile,
} from '@pd/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../auth/access.ts';
import { clientConfigs } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findIcd10, findProvider } from '../reference/reference.queries.ts';
import { findClientRow } from './client.queries.ts';

type ConfigValues = Record<(typeof CLIENT_CONFIG_KEYS)[number], string | number | null>;
const DIAGNOSIS_KEYS = [
  'diagnosisCode1',
  'diagnosisCode2',
  'diagnosisCode3',
  'diagnosisCode4',
  'diagnosisCode5',
] as const;

/** Spec section 2: the advanced healthcare update exists only for company type H, in the API too. */
async function loadClientOfPractice(tx: Tx, principal: Principal, clientId: number) {
  const company = await findCompany(tx, principal.companyId);
  if (company?.type !== 'H')
    throw new ForbiddenError('Healthcare details are kept by healthcare practices only.');
  const client = await findClientRow(tx, clientId);
  if (!client) throw new NotFoundError('Client');
  return client;
}

async function readValues(tx: Tx, clientId: number): Promise<ConfigValues> {
  const [row] = await tx.select().from(clientConfigs).where(eq(clientConfigs.clientId, clientId));
  return Object.fromEntries(CLIENT_CONFIG_KEYS.map((k) => [k, row?.[k] ?? null])) as ConfigValues;
}

async function describe(tx: Tx, clientId: number, values: ConfigValues): Promise<ClientConfig> {
  const codes = DIAGNOSIS_KEYS.map((k) => values[k]).filter((c): c is string => typeof c === 'string');
  const known = await findIcd10(tx, codes);
  const diagnoses = DIAGNOSIS_KEYS.flatMap((key, i) => {
    const found = known.get(String(values[key]));
    return found ? [{ ...found, slot: i + 1 }] : [];
  });
  const primary = diagnoses.find((d) => d.slot === 1);
  const warnings =
    primary && !primary.validPrimary
      ? [{ path: 'diagnosisCode1', message: `${primary.code} is not valid as a primary diagnosis.` }]
      : [];
  const provider =
    typeof values.providerId === 'number' ? await findProvider(tx, values.providerId) : undefined;
  return { clientId, ...values, providerName: provider?.name ?? null, diagnoses, warnings } as ClientConfig;
}

export async function readClientConfig(
  tx: Tx,
  principal: Principal,
  clientId: number,
): Promise<ClientConfig> {
  await loadClientOfPractice(tx, principal, clientId);
  return describe(tx, clientId, await readValues(tx, clientId));
}

async function problemsOf(tx: Tx, values: ConfigValues, country: string) {
  const problems: { path: string; message: string }[] = [];
  const codes = DIAGNOSIS_KEYS.map((k) => values[k]).filter(
    (c): c is string => typeof c === 'string' && c !== '',
  );
  const known = await findIcd10(tx, codes);
  for (const key of DIAGNOSIS_KEYS) {
    const code = values[key];
    if (typeof code === 'string' && code !== '' && !known.has(code)) {
      problems.push({ path: `body.${key}`, message: `${code} is not a known ICD-10 code.` });
    }
  }
  if (typeof values.providerId === 'number' && !(await findProvider(tx, values.providerId))) {
    problems.push({ path: 'body.providerId', message: 'Choose a provider of this practice.' });
  }
  if (values.referringEmail && !z.email().safeParse(values.referringEmail).success) {
    problems.push({ path: 'body.referringEmail', message: 'Enter a valid e-mail address.' });
  }
  if (values.referringMobile && !normaliseMobile(String(values.referringMobile), country)) {
    problems.push({ path: 'body.referringMobile', message: `Enter a valid mobile number for ${country}.` });
  }
  return problems;
}

export async function saveClientConfig(
  tx: Tx,
  principal: Principal,
  clientId: number,
  patch: ClientConfigInput,
) {
  const client = await loadClientOfPractice(tx, principal, clientId);
  const before = await readValues(tx, clientId);
  const merged = { ...before } as ConfigValues;
  for (const key of CLIENT_CONFIG_KEYS) {
    const value = patch[key];
    if (value !== undefined) merged[key] = value === '' ? null : value;
  }
  const problems = await problemsOf(tx, merged, client.addressCountry);
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
  const changes = diffFields(before, merged);
  if (Object.keys(changes).length > 0) {
    const row = {
      ...merged,
      companyId: principal.companyId,
      clientId,
      updatedAt: new Date(),
    } as typeof clientConfigs.$inferInsert;
    await tx
      .insert(clientConfigs)
      .values(row)
      .onConflictDoUpdate({ target: [clientConfigs.companyId, clientConfigs.clientId], set: row });
    await recordAudit(tx, principal, {
      clientId,
      subProcess: 'Client Management',
      action: 'client.config.update',
      description: `Updated healthcare details of ${client.name}.`,
      changes,
    });
  }
  return describe(tx, clientId, merged);
}
