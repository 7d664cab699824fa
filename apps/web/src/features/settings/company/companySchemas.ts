import { type CompanyConfig, FIELD_MESSAGES, optionalText, updateCompanyConfigSchema } from '@pd/contracts';
import { z } from 'zod';

const M = FIELD_MESSAGES;
const blankIsNone = (max: number) => optionalText(max).transform((text) => text || null);

// The contracts' schema, every field required, blanks sent as none and the address trimmed.
const formSchema = updateCompanyConfigSchema.required().extend({
  vatNumber: blankIsNone(40),
  practiceNumber: blankIsNone(30),
  vatRateBps: z.number({ error: M.required }).int().min(0, M.vatRate).max(10_000, M.vatRate),
  supportEmail: z.string().trim().pipe(updateCompanyConfigSchema.shape.supportEmail.unwrap()),
});

/** A healthcare practice (type H) keeps a practice number; an adviser's form has none to send. */
export const companyConfigFormSchema = (healthcare: boolean) =>
  healthcare ? formSchema : formSchema.omit({ practiceNumber: true });

export interface CompanyConfigFormValues {
  taxRegistered: 'Y' | 'N';
  vatNumber: string;
  practiceNumber?: string;
  vatRateBps: number | null;
  supportEmail: string;
}

export function companyConfigValues(config: CompanyConfig): CompanyConfigFormValues {
  const values: CompanyConfigFormValues = {
    taxRegistered: config.taxRegistered,
    vatNumber: config.vatNumber ?? '',
    vatRateBps: config.vatRateBps,
    supportEmail: config.supportEmail,
  };
  if (config.type === 'H') values.practiceNumber = config.practiceNumber ?? '';
  return values;
}

/** 1500 basis points as "15%", 1250 as "12.5%". */
export const vatRateText = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;
