import {
  CLIENT_CONFIG_KEYS,
  type ClientConfig,
  type ClientConfigInput,
  FIELD_MESSAGES,
  normaliseMobile,
} from '@pd/contracts';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findIcd10, findProvider } from '../reference/reference.queries.ts';
import { findClientRow } from './client.queries.ts';
import { type ConfigValues, readConfigValues, saveConfigValues } from './client-config.queries.ts';

const DIAGNOSIS_KEYS = [
  'diagnosisCode1',
  'diagnosisCode2',
  'diagnosisCode3',
  'diagnosisCode4',
  'diagnosisCode5',
] as const;

/** Spec section 2: the advanced healthcare update exists only for company type H, in the API too. */
async function loadClientOfPractice(tx: Tx, companyId: number, clientId: number) {
  const company = await findCompany(tx, companyId);
  if (company?.type !== 'H')
    throw new ForbiddenError('Healthcare details are kept by healthcare practices only.');
  return mustExist(await findClientRow(tx, companyId, clientId), 'Client');
}

async function describe(
  tx: Tx,
  companyId: number,
  clientId: number,
  values: ConfigValues,
): Promise<ClientConfig> {
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
    typeof values.providerId === 'number' ? await findProvider(tx, companyId, values.providerId) : undefined;
  return { clientId, ...values, providerName: provider?.name ?? null, diagnoses, warnings } as ClientConfig;
}

export const readClientConfig = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await loadClientOfPractice(tx, companyId, clientId);
    return describe(tx, companyId, clientId, await readConfigValues(tx, companyId, clientId));
  });

async function problemsOf(tx: Tx, companyId: number, values: ConfigValues, country: string) {
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
  if (typeof values.providerId === 'number' && !(await findProvider(tx, companyId, values.providerId))) {
    problems.push({ path: 'body.providerId', message: 'Choose a provider of this practice.' });
  }
  if (values.referringEmail && !z.email().safeParse(values.referringEmail).success) {
    problems.push({ path: 'body.referringEmail', message: FIELD_MESSAGES.email });
  }
  if (values.referringMobile && !normaliseMobile(String(values.referringMobile), country)) {
    problems.push({ path: 'body.referringMobile', message: FIELD_MESSAGES.mobileFor(country) });
  }
  return problems;
}

/** Absent fields keep their value; an empty one is cleared. */
export const saveClientConfig = (scope: Scope, clientId: number, patch: ClientConfigInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const client = await loadClientOfPractice(tx, companyId, clientId);
    const before = await readConfigValues(tx, companyId, clientId);
    const merged = { ...before };
    for (const key of CLIENT_CONFIG_KEYS) {
      const value = patch[key];
      if (value !== undefined) merged[key] = value === '' ? null : value;
    }
    const problems = await problemsOf(tx, companyId, merged, client.addressCountry);
    if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
    const changes = diffFields(before, merged);
    if (Object.keys(changes).length > 0) {
      await saveConfigValues(tx, companyId, clientId, merged);
      await recordAudit(tx, scope.principal, {
        clientId,
        subProcess: 'Client Management',
        action: 'client.config.update',
        description: `Updated healthcare details of ${client.name}.`,
        changes,
      });
    }
    return describe(tx, companyId, clientId, merged);
  });
