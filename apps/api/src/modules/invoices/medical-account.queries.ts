import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';

const text = z.string().nullable();
const medicalFactsRow = z.object({
  practiceNumber: text,
  practitionerName: text,
  practitionerPracticeNumber: text,
  practitionerRegistrationNumber: text,
  medicalAidName: text,
  medicalNumber: text,
  medicalPlan: text,
  memberFirstname: text,
  memberInitials: text,
  memberLastname: text,
  memberId: text,
  memberCode: text,
  dependantCode: text,
  authorisation: text,
  primaryDiagnosis: text,
  /** Every ICD-10 code of the client, in slot order (slot 1 is the primary). */
  diagnosisCodes: z.array(z.string()),
  appointmentDate: text,
  /** The invoice bills the appointment's no-show or late-cancellation fee (its status while invoiced). */
  appointmentFee: z.boolean(),
});
/** What a medical account prints, as stored (blank text already null). */
export type MedicalFacts = z.infer<typeof medicalFactsRow>;

export interface MedicalFactsOf {
  clientId: number;
  practitionerId: number | null;
  appointmentId: number | null;
  /** The company's time zone: an appointment's date of service is its local date. */
  timeZone: string;
}

const blank = (column: ReturnType<typeof sql.raw>) => sql`nullif(trim(${column}), '')`;

/**
 * The company's practice number, the treating practitioner (a user, with the diary's practice and
 * registration numbers), the client's healthcare details (medical aid, main member, dependant code,
 * ICD-10 codes in slot order) and the appointment's local date: one row, every join within the company.
 */
export async function medicalFacts(tx: Tx, companyId: number, of: MedicalFactsOf): Promise<MedicalFacts> {
  const row = await selectRow(
    tx,
    medicalFactsRow,
    sql`select ${blank(sql.raw('co.practice_number'))} as "practiceNumber",
               u.display_name as "practitionerName",
               ${blank(sql.raw('p.practice_number'))} as "practitionerPracticeNumber",
               ${blank(sql.raw('p.registration_number'))} as "practitionerRegistrationNumber",
               coalesce(${blank(sql.raw('cc.medical_name'))}, pr.name) as "medicalAidName",
               ${blank(sql.raw('cc.medical_number'))} as "medicalNumber",
               ${blank(sql.raw('cc.medical_plan'))} as "medicalPlan",
               ${blank(sql.raw('cc.medical_member_firstname'))} as "memberFirstname",
               ${blank(sql.raw('cc.medical_member_initials'))} as "memberInitials",
               ${blank(sql.raw('cc.medical_member_lastname'))} as "memberLastname",
               ${blank(sql.raw('cc.medical_member_id'))} as "memberId",
               ${blank(sql.raw('cc.medical_member_code'))} as "memberCode",
               ${blank(sql.raw('cc.medical_dependant_code'))} as "dependantCode",
               ${blank(sql.raw('cc.authorisation'))} as authorisation,
               ${blank(sql.raw('cc.diagnosis_code1'))} as "primaryDiagnosis",
               array_remove(array[${blank(sql.raw('cc.diagnosis_code1'))}, ${blank(sql.raw('cc.diagnosis_code2'))},
                 ${blank(sql.raw('cc.diagnosis_code3'))}, ${blank(sql.raw('cc.diagnosis_code4'))},
                 ${blank(sql.raw('cc.diagnosis_code5'))}]::text[], null) as "diagnosisCodes",
               to_char(a.starts_at at time zone ${of.timeZone}, 'YYYY-MM-DD') as "appointmentDate",
               coalesce(a.status = 'noshow' or (a.status = 'cancelled' and a.cancel_reason = 'late'), false) as "appointmentFee"
          from companies co
          left join users u on u.company_id = co.id and u.id = ${of.practitionerId}
          left join practitioners p on p.company_id = co.id and p.user_id = ${of.practitionerId}
          left join client_configs cc on cc.company_id = co.id and cc.client_id = ${of.clientId}
          left join providers pr on pr.company_id = co.id and pr.id = cc.provider_id
          left join appointments a on a.company_id = co.id and a.id = ${of.appointmentId}
         where co.id = ${companyId}`,
  );
  if (!row) throw new Error('company not found');
  return row;
}
