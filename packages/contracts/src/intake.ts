import { z } from 'zod';
import { clientFields } from './clients.ts';
import { IMPORT_FORMATS } from './enums.ts';
import { CLIENT_CONFIG_KEYS } from './healthcare.ts';

/**
 * The record fields a form may fill, the same for an imported intake form and a digital form: the client's
 * fields but status, tax registration and related clients (set in the app), the healthcare fields but the
 * provider (chosen in the app), and one value holding up to five ICD-10 codes.
 */
const NOT_FROM_FORMS = new Set([
  'commStatus',
  'taxRegistered',
  'status',
  'billingClientId',
  'adminClientId',
  'affiliateClientId',
]);
export const CLIENT_TARGETS = (Object.keys(clientFields) as (keyof typeof clientFields)[]).filter(
  (k) => !NOT_FROM_FORMS.has(k),
);
export const CONFIG_TARGETS = CLIENT_CONFIG_KEYS.filter((k) => k !== 'providerId');
/** One value holding up to five ICD-10 codes, spread over diagnosisCode1 to diagnosisCode5. */
export const DIAGNOSIS_LIST = 'diagnosisCodes';
export const RECORD_TARGETS = [DIAGNOSIS_LIST, ...CLIENT_TARGETS, ...CONFIG_TARGETS] as [string, ...string[]];

/** Spec section 7: the upload path segment of each import format (section 3, "Import formats"). */
export const INTAKE_PATHS = { '001': 'evexia', '002': 'netcare' } as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;
export const IMPORT_FORMAT_CODES = Object.keys(IMPORT_FORMATS) as ImportFormat[];

export const intakeUploadPath = (format: ImportFormat, companyId: number) =>
  `/api/client1/import/clientintake/${INTAKE_PATHS[format]}/${companyId}`;

/** Not in the spec (issue 12): what the company's imports are doing while an upload waits for a parser. */
export const intakeQueuePath = (companyId: number) => `/api/client1/import/queue/${companyId}`;
export const intakeQueueSchema = z.object({
  /** The company's files being read now. */
  reading: z.number().int(),
  /** The company's files waiting for a free parser. */
  waiting: z.number().int(),
  /** Files (any company's) that start before the company's next waiting one. */
  ahead: z.number().int(),
});
export type IntakeQueue = z.infer<typeof intakeQueueSchema>;

/** Spec section 5: the picker accepts csv and pdf. */
export const INTAKE_ACCEPT = '.csv,.pdf';
export const INTAKE_FILE_FIELD = 'file';
export const INTAKE_MAX_BYTES = 10 * 1024 * 1024;
export const INTAKE_MAX_ROWS = 10_000;

const reason = z.object({ field: z.string(), message: z.string() });
const row = z.number().int();

/** What an import did, row by row: a CSV row counts from 2 (row 1 is the header); a PDF is row 1. */
export const intakeReportSchema = z.object({
  format: z.enum(IMPORT_FORMAT_CODES as [ImportFormat, ...ImportFormat[]]),
  fileName: z.string(),
  /** How the file was read: a CSV, a fillable PDF's form fields, or a flat PDF's printed text. */
  source: z.enum(['csv', 'pdf-form', 'pdf-text']),
  rows: z.number().int(),
  created: z.array(z.object({ row, clientId: z.number().int(), name: z.string() })),
  updated: z.array(
    z.object({ row, clientId: z.number().int(), name: z.string(), matchedBy: z.enum(['idNumber', 'email']) }),
  ),
  rejected: z.array(z.object({ row, name: z.string().nullable(), reasons: z.array(reason) })),
  /** Not errors: e.g. healthcare fields left out for a company that is not a healthcare practice. */
  warnings: z.array(z.string()),
});
export type IntakeReport = z.infer<typeof intakeReportSchema>;

/** A field problem of a rejected file where no row could be imported: `row.<n>.<field>`. */
export const intakeRowPath = (rowNumber: number, field: string) => `row.${rowNumber}.${field}`;
