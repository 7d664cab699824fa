import type { Tx } from '../../db/tenancy.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { BillingCompany } from './invoice-context.ts';
import { type MedicalFacts, type MedicalFactsOf, medicalFacts } from './medical-account.queries.ts';

/**
 * What turns a type H company's invoice into a medical account a patient can claim with (issue 15 part 7):
 * printed under the parties, and a tariff code per line.
 */
export interface MedicalAccount {
  practiceNumber: string | null;
  practitioner: { name: string; practiceNumber: string | null; registrationNumber: string | null } | null;
  /** Null for a private patient (no medical aid in the client's healthcare details). */
  medicalAid: {
    name: string | null;
    number: string | null;
    plan: string | null;
    mainMember: string | null;
    mainMemberId: string | null;
    dependantCode: string | null;
    authorisation: string | null;
  } | null;
  /** The appointment's local date, else the invoice date. */
  serviceDate: string;
  /** ICD-10 codes, the primary (slot 1) first. */
  diagnosisCodes: string[];
  primaryDiagnosis: string | null;
}

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ') || null;

export function medicalAccountOf(facts: MedicalFacts, invoiced: string): MedicalAccount {
  const hasMedicalAid = Boolean(facts.medicalAidName || facts.medicalNumber);
  return {
    practiceNumber: facts.practiceNumber,
    practitioner: facts.practitionerName
      ? {
          name: facts.practitionerName,
          practiceNumber: facts.practitionerPracticeNumber,
          registrationNumber: facts.practitionerRegistrationNumber,
        }
      : null,
    medicalAid: hasMedicalAid
      ? {
          name: facts.medicalAidName,
          number: facts.medicalNumber,
          plan: facts.medicalPlan,
          mainMember: facts.memberLastname
            ? joined(facts.memberFirstname ?? facts.memberInitials, facts.memberLastname)
            : null,
          mainMemberId: facts.memberId,
          // The patient's own dependant code; a main member's is the member code (usually 00).
          dependantCode: facts.dependantCode ?? facts.memberCode,
          authorisation: facts.authorisation,
        }
      : null,
    serviceDate: facts.appointmentDate ?? invoiced,
    diagnosisCodes: facts.diagnosisCodes,
    primaryDiagnosis: facts.primaryDiagnosis,
  };
}

/** The account of an invoice (or of one about to be made) of a type H company. */
export async function loadMedicalAccount(
  tx: Tx,
  company: Pick<BillingCompany, 'id' | 'timeZone'>,
  of: Omit<MedicalFactsOf, 'timeZone'> & { invoiced: string },
): Promise<MedicalAccount> {
  const facts = await medicalFacts(tx, company.id, { ...of, timeZone: company.timeZone });
  return medicalAccountOf(facts, of.invoiced);
}

type Problem = { path: string; message: string };
const HEALTHCARE = "the client's healthcare details";

/**
 * The rule (docs/api.md, "Medical accounts"): a client with a medical aid gets an account the scheme can
 * pay, so every item a claim needs must be there; a private patient's account prints what is known and
 * needs nothing more than any invoice.
 */
export function missingClaimItems(
  account: MedicalAccount,
  lines: { tariffCode?: string | null }[],
): Problem[] {
  const aid = account.medicalAid;
  if (!aid) return [];
  const problems: Problem[] = [];
  const need = (ok: unknown, path: string, message: string) => {
    if (!ok) problems.push({ path, message });
  };
  need(
    account.practiceNumber,
    'practiceNumber',
    "The practice number is missing from the company's settings.",
  );
  need(account.practitioner, 'body.practitionerId', 'The treating practitioner is missing.');
  if (account.practitioner) {
    need(
      account.practitioner.practiceNumber || account.practitioner.registrationNumber,
      'body.practitionerId',
      `The practice or registration number of ${account.practitioner.name} is missing from the practitioner settings.`,
    );
  }
  need(aid.name, 'medicalName', `Medical aid name is missing from ${HEALTHCARE}.`);
  need(aid.number, 'medicalNumber', `Medical aid number is missing from ${HEALTHCARE}.`);
  need(aid.mainMember, 'medicalMemberLastname', `The main member's name is missing from ${HEALTHCARE}.`);
  need(aid.dependantCode, 'medicalDependantCode', `Dependant code is missing from ${HEALTHCARE}.`);
  need(account.primaryDiagnosis, 'diagnosisCode1', `The primary ICD-10 code is missing from ${HEALTHCARE}.`);
  lines.forEach((line, i) => {
    need(line.tariffCode?.trim(), `body.lines.${i}.tariffCode`, `Line ${i + 1} has no tariff code.`);
  });
  return problems;
}

/** What an invoice bills and for whom, as it is about to be created or as an update leaves it. */
export interface ClaimedInvoice {
  clientId: number;
  practitionerId: number | null;
  appointmentId: number | null;
  clientProductId: number | null;
  billingPlanId: number | null;
  invoiced: string;
}

/**
 * The medical-account check of a type H company's invoice, on create and on update alike: 400 naming every
 * missing item (in the message and as fields), before anything is written. What no scheme pays is not
 * checked: a billing plan billed as a package (no client product, no appointment), and an appointment's
 * no-show or late-cancellation fee (the appointment keeps that status while its invoice is live).
 */
export async function assertMedicalAccount(
  tx: Tx,
  company: Pick<BillingCompany, 'id' | 'type' | 'timeZone'>,
  invoice: ClaimedInvoice,
  lines: { tariffCode?: string | null }[],
) {
  if (company.type !== 'H') return;
  if (invoice.billingPlanId !== null && invoice.clientProductId === null && invoice.appointmentId === null)
    return;
  const facts = await medicalFacts(tx, company.id, { ...invoice, timeZone: company.timeZone });
  if (facts.appointmentFee) return;
  const problems = missingClaimItems(medicalAccountOf(facts, invoice.invoiced), lines);
  if (problems.length > 0) throw new ValidationError(problems.map((p) => p.message).join(' '), problems);
}
