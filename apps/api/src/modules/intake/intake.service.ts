import { type ClientConfigInput, type ImportFormat, type IntakeReport, intakeRowPath } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ValidationError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import type { ClientRow, ClientValues } from '../clients/client.queries.ts';
import { findIcd10 } from '../reference/reference.queries.ts';
import {
  type AuditRow,
  findMatchingClients,
  insertAuditEntries,
  insertClients,
  planForGrowingTables,
  updateClients,
} from './intake.queries.ts';
import { DIAGNOSES, saveConfigs } from './intake-config.ts';
import type { IntakeMapping } from './intake-mapping.ts';
import { Matcher } from './intake-match.ts';
import { type Candidate, newClientValues, toCandidate, updatedClientValues } from './intake-rows.ts';
import type { ParsedRow, RowProblem } from './parse/map-record.ts';

export interface ParsedFile {
  format: ImportFormat;
  fileName: string;
  source: IntakeReport['source'];
  rows: ParsedRow[];
  warnings: string[];
}

/** Codes must be known ICD-10 codes: one query for every code in the file. */
export async function checkDiagnoses(tx: Tx, candidates: Candidate[]) {
  const codes = new Set(
    candidates.flatMap((c) => DIAGNOSES.map((k) => c.config[k]).filter((v): v is string => !!v)),
  );
  const known = await findIcd10(tx, [...codes]);
  for (const c of candidates) {
    for (const k of DIAGNOSES) {
      const code = c.config[k];
      if (code && !known.has(code))
        c.problems.push({ field: k, message: `${code} is not a known ICD-10 code.` });
    }
  }
}

const hasConfig = (config: ClientConfigInput) =>
  Object.values(config).some((v) => v !== undefined && v !== null);

interface Plan {
  report: IntakeReport;
  creates: { candidate: Candidate; values: ClientValues }[];
  updates: { candidate: Candidate; client: ClientRow; values: ClientValues }[];
}

function plan(
  file: ParsedFile,
  mapping: IntakeMapping,
  candidates: Candidate[],
  existing: ClientRow[],
): Plan {
  const report: IntakeReport = {
    format: file.format,
    fileName: file.fileName,
    source: file.source,
    rows: candidates.length,
    created: [],
    updated: [],
    rejected: [],
    warnings: [...file.warnings],
  };
  const reject = (c: Candidate, reasons: RowProblem[]) =>
    report.rejected.push({ row: c.row, name: c.name, reasons });
  const matcher = new Matcher(existing);
  const creates: Plan['creates'] = [];
  const updates: Plan['updates'] = [];
  for (const candidate of candidates) {
    if (candidate.problems.length > 0) {
      reject(candidate, candidate.problems);
      continue;
    }
    const match = matcher.match(candidate);
    if (match.kind === 'rejected') {
      reject(candidate, match.problems);
      continue;
    }
    const result =
      match.kind === 'new'
        ? newClientValues(candidate, mapping)
        : updatedClientValues(candidate, match.client);
    if ('problems' in result) reject(candidate, result.problems);
    else if (match.kind === 'new') creates.push({ candidate, values: result.values });
    else {
      updates.push({ candidate, client: match.client, values: result.values });
      report.updated.push({
        row: candidate.row,
        clientId: match.client.id,
        name: result.values.name,
        matchedBy: match.matchedBy,
      });
    }
  }
  return { report, creates, updates };
}

/**
 * One file, one transaction (the caller's): matching, every insert and update, the healthcare details
 * and the audit entries commit together or not at all. Rows that fail their checks are reported and
 * skipped; when none is left to import the whole file is refused and nothing is written.
 */
export async function importIntake(
  tx: Tx,
  principal: Principal,
  companyType: string,
  mapping: IntakeMapping,
  file: ParsedFile,
): Promise<IntakeReport> {
  await planForGrowingTables(tx);
  const candidates = file.rows.map((row) => toCandidate(row, mapping));
  const healthcare = companyType === 'H';
  if (healthcare) await checkDiagnoses(tx, candidates);
  else if (candidates.some((c) => hasConfig(c.config))) {
    file.warnings.push(
      'Healthcare fields were left out: only healthcare practices (company type H) keep them.',
    );
  }
  const idNumbers = candidates.map((c) => c.client.idNumber).filter((v): v is string => !!v);
  const emails = candidates.map((c) => c.client.email?.toLowerCase()).filter((v): v is string => !!v);
  const existing = await findMatchingClients(tx, principal.companyId, idNumbers, emails);
  const { report, creates, updates } = plan(file, mapping, candidates, existing);
  if (creates.length + updates.length === 0) {
    throw new ValidationError(
      'No row of the file could be imported.',
      report.rejected.flatMap((r) =>
        r.reasons.map((p) => ({ path: intakeRowPath(r.row, p.field), message: p.message })),
      ),
    );
  }

  const ids = await insertClients(
    tx,
    principal.companyId,
    creates.map((c) => c.values),
  );
  const created = creates.map(({ candidate, values }) => ({
    candidate,
    values,
    clientId: ids.get(values.email ?? ''),
  }));
  for (const c of created) {
    if (c.clientId === undefined)
      throw new Error(`imported client of row ${c.candidate.row} was not written`);
    report.created.push({ row: c.candidate.row, clientId: c.clientId, name: c.values.name });
  }
  const changed = updates.map((u) => ({
    ...u,
    changes: diffFields(u.client as Record<string, unknown>, u.values),
  }));
  await updateClients(
    tx,
    principal.companyId,
    changed
      .filter((u) => Object.keys(u.changes).length > 0)
      .map((u) => ({ id: u.client.id, values: u.values })),
  );
  const configChanges = healthcare
    ? await saveConfigs(tx, principal.companyId, [
        ...created.map((c) => ({ clientId: c.clientId as number, config: c.candidate.config, isNew: true })),
        ...updates.map((u) => ({ clientId: u.client.id, config: u.candidate.config, isNew: false })),
      ])
    : new Map();

  const entry = (clientId: number, action: string, description: string, changes: object): AuditRow => ({
    companyId: principal.companyId,
    userId: principal.userId,
    clientId,
    subProcess: 'Client Management',
    action,
    description,
    changes,
  });
  const via = `(intake import of ${file.fileName})`;
  await insertAuditEntries(tx, [
    ...created.map((c) =>
      // The new record is its own "after"; the entry says where it came from (a full diff of 10,000
      // new clients would multiply the import's writes).
      entry(c.clientId as number, 'client.create', `Created client ${c.values.name} ${via}.`, {
        fileName: file.fileName,
        row: c.candidate.row,
      }),
    ),
    ...changed
      .map((u) => ({ ...u, changes: { ...u.changes, ...configChanges.get(u.client.id) } }))
      .filter((u) => Object.keys(u.changes).length > 0)
      .map((u) => entry(u.client.id, 'client.update', `Updated client ${u.values.name} ${via}.`, u.changes)),
  ]);
  await recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action: 'client.intake.import',
    description: `Imported client intake ${file.fileName} (${mapping.title}): ${report.created.length} created, ${report.updated.length} updated, ${report.rejected.length} rejected.`,
    changes: {
      format: file.format,
      fileName: file.fileName,
      source: file.source,
      rows: report.rows,
      created: report.created.length,
      updated: report.updated.length,
      rejected: report.rejected.length,
    },
  });
  return report;
}
