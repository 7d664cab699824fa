import { bigint, foreignKey, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { companyIdColumn, updatedAtColumn } from './tenant.ts';

const v = (name: string, length = 100) => varchar(name, { length });

/** Spec section 3, "Client configuration (type H)": one row per client of a healthcare company. */
export const clientConfigs = pgTable(
  'client_configs',
  {
    companyId: companyIdColumn(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    diagnosisCode1: v('diagnosis_code1', 10),
    diagnosisCode2: v('diagnosis_code2', 10),
    diagnosisCode3: v('diagnosis_code3', 10),
    diagnosisCode4: v('diagnosis_code4', 10),
    diagnosisCode5: v('diagnosis_code5', 10),
    providerId: bigint('provider_id', { mode: 'number' }),
    medicalName: v('medical_name'),
    medicalNumber: v('medical_number', 50),
    medicalPlan: v('medical_plan'),
    medicalMemberFirstname: v('medical_member_firstname'),
    medicalMemberLastname: v('medical_member_lastname'),
    medicalMemberInitials: v('medical_member_initials', 10),
    medicalMemberId: v('medical_member_id', 30),
    medicalMemberCode: v('medical_member_code', 10),
    medicalDependantFirstname: v('medical_dependant_firstname'),
    medicalDependantLastname: v('medical_dependant_lastname'),
    medicalDependantInitials: v('medical_dependant_initials', 10),
    medicalDependantId: v('medical_dependant_id', 30),
    medicalDependantCode: v('medical_dependant_code', 10),
    claimPreference: v('claim_preference', 50),
    authorisation: v('authorisation', 50),
    inHospital: v('in_hospital', 1),
    pmb: v('pmb', 1),
    referringFirstname: v('referring_firstname'),
    referringLastname: v('referring_lastname'),
    referringEmail: v('referring_email', 254),
    referringMobile: v('referring_mobile', 30),
    referringRegistrationNumber: v('referring_registration_number', 50),
    referringPracticeNumber: v('referring_practice_number', 50),
    referringQualification: v('referring_qualification'),
    rafLinkNumber: v('raf_link_number', 50),
    region: v('region'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.clientId] }),
    foreignKey({ columns: [t.companyId, t.clientId], foreignColumns: [clients.companyId, clients.id] }),
  ],
);
