import { CLIENT_TARGETS, DIAGNOSIS_LIST, FORM_REVIEW_MESSAGES as RV } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import type { ClientRow } from '../clients/client.queries.ts';
import { findMatchingClients, insertClients, updateClients } from '../intake/intake.queries.ts';
import { checkDiagnoses } from '../intake/intake.service.ts';
import { saveConfigs } from '../intake/intake-config.ts';
import type { IntakeMapping } from '../intake/intake-mapping.ts';
import { Matcher } from '../intake/intake-match.ts';
import { newClientValues, toCandidate, updatedClientValues } from '../intake/intake-rows.ts';
import { MAX_DIAGNOSES } from '../intake/parse/map-record.ts';
import type { MappedAnswer } from './form-review-answers.ts';

const subProcess = 'Client Management' as const;
const linkPath = (linkId: string) => `body.linkIds.${linkId}`;

/** The chosen answers as the intake import reads a form: one value per record field, codes spread over slots. */
function candidateOf(chosen: MappedAnswer[], defaults: IntakeMapping['defaults']) {
  const values: Record<string, string> = {};
  const problems: { field: string; message: string }[] = [];
  for (const answer of chosen) {
    if (answer.field !== DIAGNOSIS_LIST) {
      values[answer.field] = answer.value;
      continue;
    }
    const codes = answer.value.split(/[\s,;]+/).filter(Boolean);
    if (codes.length > MAX_DIAGNOSES)
      problems.push({ field: DIAGNOSIS_LIST, message: `At most ${MAX_DIAGNOSES} ICD-10 codes.` });
    codes.slice(0, MAX_DIAGNOSES).forEach((code, i) => {
      values[`diagnosisCode${i + 1}`] = code;
    });
  }
  const candidate = toCandidate({ row: 1, values, problems }, { defaults });
  // The import fills a blank date of birth and gender from an ID number; here only what was ticked is written.
  const keep = new Set(Object.keys(values));
  const only = <T extends object>(part: T) =>
    Object.fromEntries(Object.entries(part).filter(([k]) => keep.has(k))) as T;
  return {
    ticked: { ...candidate, client: only(candidate.client), config: only(candidate.config) },
    /** With what a valid SA ID number says: a new record's date of birth and gender, as the import fills them. */
    whole: candidate,
  };
}

/** A problem of a record field: on the answer that fills it, or naming the field a new record lacks. */
function refusal(chosen: MappedAnswer[], problems: { field: string; message: string }[]) {
  const linkOf = (field: string) =>
    chosen.find((a) => a.field === field || (a.field === DIAGNOSIS_LIST && field.startsWith('diagnosisCode')))
      ?.linkId;
  const fields = problems.map((p) => {
    const linkId = linkOf(p.field);
    return linkId
      ? { path: linkPath(linkId), message: p.message }
      : { path: 'body.linkIds', message: `${p.field}: ${p.message}` };
  });
  return new ValidationError(fields[0]?.message ?? 'Some answers are not valid.', fields);
}

export interface AcceptTarget {
  /** The request's client, when it is still a live client. */
  client: ClientRow | undefined;
  healthcare: boolean;
  addressCountry: string;
}

/**
 * Writes the chosen answers into the record with the intake import's rules (issue 18, part 6): values are
 * checked as an imported form's are, then matched by SA ID number, else e-mail. The request's client is
 * updated unless the ID number or e-mail belongs to another client (409: a person decides). When the client
 * was deleted since, the match decides, and a submission matching no one creates a client. Audited.
 */
export async function writeAcceptedAnswers(
  tx: Tx,
  principal: Principal,
  target: AcceptTarget,
  chosen: MappedAnswer[],
  description: string,
): Promise<{ clientId: number | null; created: boolean }> {
  const country = (target.client?.addressCountry ??
    target.addressCountry) as IntakeMapping['defaults']['addressCountry'];
  const { ticked: candidate, whole } = candidateOf(chosen, { addressCountry: country });
  if (target.healthcare) await checkDiagnoses(tx, [candidate]);
  else {
    // As the import: only healthcare practices (type H) keep healthcare details; here the person is told.
    const healthcareOnly = chosen.filter((a) => !CLIENT_TARGETS.includes(a.field as never));
    if (healthcareOnly.length > 0)
      throw new ValidationError(
        RV.healthcareOnly,
        healthcareOnly.map((a) => ({ path: linkPath(a.linkId), message: RV.healthcareOnly })),
      );
  }
  if (candidate.problems.length > 0) throw refusal(chosen, candidate.problems);
  if (chosen.length === 0) return { clientId: target.client?.id ?? null, created: false };

  const idNumbers = candidate.client.idNumber ? [candidate.client.idNumber] : [];
  const emails = candidate.client.email ? [candidate.client.email.toLowerCase()] : [];
  const match = new Matcher(await findMatchingClients(tx, principal.companyId, idNumbers, emails)).match(
    candidate,
  );
  if (match.kind === 'rejected') throw new ConflictError(match.problems.map((p) => p.message).join(' '));
  let client = target.client;
  if (match.kind === 'existing') {
    if (client && match.client.id !== client.id) {
      const what = match.matchedBy === 'idNumber' ? 'ID number' : 'e-mail';
      throw new ConflictError(RV.otherClient(what, match.client.id, match.client.name ?? ''));
    }
    client = match.client;
  }

  if (!client) {
    // As the intake mappings do: a form without a preferred name is called by the first name.
    const values = { ...whole.client, preferredName: whole.client.preferredName ?? whole.client.firstName };
    const made = newClientValues({ ...candidate, client: values }, { defaults: { addressCountry: country } });
    if ('problems' in made) throw refusal(chosen, made.problems);
    const ids = await insertClients(tx, principal.companyId, [made.values]);
    const clientId = ids.get(made.values.email ?? '');
    if (clientId === undefined) throw new Error('the accepted form’s new client was not written');
    if (target.healthcare)
      await saveConfigs(tx, principal.companyId, [{ clientId, config: candidate.config, isNew: true }]);
    await recordAudit(tx, principal, {
      clientId,
      subProcess,
      action: 'client.create',
      description: `Created client ${made.values.name} ${description}.`,
    });
    return { clientId, created: true };
  }

  const updated = updatedClientValues(candidate, client);
  if ('problems' in updated) throw refusal(chosen, updated.problems);
  const changes = diffFields(client as Record<string, unknown>, updated.values);
  if (Object.keys(changes).length > 0)
    await updateClients(tx, principal.companyId, [{ id: client.id, values: updated.values }]);
  const configChanges = target.healthcare
    ? (
        await saveConfigs(tx, principal.companyId, [
          { clientId: client.id, config: candidate.config, isNew: false },
        ])
      ).get(client.id)
    : undefined;
  const all = { ...changes, ...configChanges };
  if (Object.keys(all).length > 0)
    await recordAudit(tx, principal, {
      clientId: client.id,
      subProcess,
      action: 'client.update',
      description: `Updated client ${updated.values.name} ${description}.`,
      changes: all,
    });
  return { clientId: client.id, created: false };
}
