import {
  CLIENT_TARGETS,
  type ClientConfigInput,
  type ClientInput,
  checkSaIdNumber,
  NEW_CLIENT_DEFAULTS,
  normaliseMobile,
  saIdBirthDate,
  updateClientConfigSchema,
  updateClientSchema,
  ZA_REGIONS,
} from '@pd/contracts';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';
import type { ClientRow, ClientValues } from '../clients/client.queries.ts';
import { rowToInput, toStoredValues } from '../clients/client.values.ts';
import type { IntakeMapping } from './intake-mapping.ts';
import type { ParsedRow, RowProblem } from './parse/map-record.ts';
import { normaliseName } from './parse/normalise.ts';

const clientTargets = new Set<string>(CLIENT_TARGETS);

/** One row of the file, checked field by field, before it is matched to an existing client. */
export interface Candidate {
  row: number;
  name: string | null;
  client: Partial<ClientInput>;
  config: ClientConfigInput;
  problems: RowProblem[];
}

const issues = (error: z.ZodError): RowProblem[] =>
  error.issues.map((i) => ({ field: String(i.path[0] ?? 'row'), message: i.message }));

/** A ZA province written another way ("KwaZulu-Natal", "north west") as the product spells it. */
function province(state: string): string {
  const key = normaliseName(state);
  return ZA_REGIONS.find((r) => normaliseName(r) === key) ?? state;
}

/** A valid SA ID number says the date of birth and the gender when the form leaves them blank. */
function fromIdNumber(values: Record<string, string>) {
  const id = values.idNumber;
  if (!id || checkSaIdNumber(id)) return;
  values.dob ??= saIdBirthDate(id) ?? '';
  values.gender ??= Number(id[6]) >= 5 ? 'M' : 'F';
}

export function toCandidate(parsed: ParsedRow, mapping: Pick<IntakeMapping, 'defaults'>): Candidate {
  const values = { ...parsed.values };
  const country =
    values.addressCountry ?? mapping.defaults.addressCountry ?? NEW_CLIENT_DEFAULTS.addressCountry;
  if (country === 'ZA') {
    fromIdNumber(values);
    if (values.addressState) values.addressState = province(values.addressState);
  }
  const clientPart: Record<string, string> = {};
  const configPart: Record<string, string> = {};
  for (const [key, value] of Object.entries(values))
    (clientTargets.has(key) ? clientPart : configPart)[key] = value;
  const problems = [...parsed.problems];
  const client = updateClientSchema.safeParse(clientPart);
  if (!client.success) problems.push(...issues(client.error));
  const config = updateClientConfigSchema.safeParse(configPart);
  if (!config.success) problems.push(...issues(config.error));
  if (configPart.referringEmail && !z.email().safeParse(configPart.referringEmail).success)
    problems.push({ field: 'referringEmail', message: 'Enter a valid e-mail address.' });
  if (configPart.referringMobile && !normaliseMobile(configPart.referringMobile, country))
    problems.push({ field: 'referringMobile', message: `Enter a valid mobile number for ${country}.` });
  const name =
    values.name ?? ([values.firstName, values.lastName].filter(Boolean).join(' ') || values.email || null);
  return {
    row: parsed.row,
    name,
    client: client.success ? client.data : {},
    config: config.success ? config.data : {},
    problems,
  };
}

type Stored = { values: ClientValues } | { problems: RowProblem[] };

function stored(input: ClientInput): Stored {
  try {
    return { values: toStoredValues(input) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return {
      problems: (error.fields ?? []).map((f) => ({
        field: f.path.replace(/^body\./, ''),
        message: f.message,
      })),
    };
  }
}

const present = (input: Partial<ClientInput>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A new client: the spec's defaults (section 4), the mapping's defaults, then the row. */
export function newClientValues(candidate: Candidate, mapping: Pick<IntakeMapping, 'defaults'>): Stored {
  const { gender: _formDefault, ...defaults } = NEW_CLIENT_DEFAULTS; // a form without gender is not "F"
  return stored({ ...defaults, ...mapping.defaults, ...present(candidate.client) } as ClientInput);
}

/** An existing client: what the row fills in replaces the stored value; blanks keep it. */
export function updatedClientValues(candidate: Candidate, existing: ClientRow): Stored {
  return stored({ ...rowToInput(existing), ...present(candidate.client) } as ClientInput);
}
