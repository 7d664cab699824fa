import { z } from 'zod';
import { YES_NO } from './enums.ts';
import {
  cents,
  digitsParam,
  FIELD_MESSAGES,
  idField,
  instantField,
  isoDate,
  optionalText,
  requiredText,
} from './fields.ts';

/** Issue 6, billing: invoices, payments and statements. Amounts are integer cents throughout. */

/** Shown to callers; 'unpaid' is derived (issued, past due, something outstanding), never stored. */
export const INVOICE_STATUSES = ['draft', 'active', 'unpaid', 'paid', 'archived', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The five lists of spec section 4 (all = every invoice but drafts and cancelled ones). */
export const INVOICE_LISTS = ['active', 'unpaid', 'paid', 'archived', 'all'] as const;
export type InvoiceList = (typeof INVOICE_LISTS)[number];

export const PAYMENT_METHOD_CODES = ['cash', 'card', 'eft', 'medical_aid', 'other', 'write_off'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_CODES)[number];

export const invoiceLineInputSchema = z.strictObject({
  description: requiredText(300),
  quantity: z.number().int().min(1, 'The quantity must be at least 1.').max(10_000),
  unitPriceCents: cents,
  productId: idField.optional(),
  /** Tariff code of a medical account line (type H companies). */
  tariffCode: optionalText(20).nullish(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/**
 * Create invoice (spec section 3 "Invoice", tab 17): the invoiced date, a client product and the
 * use-tax-rate choice (Y only for a tax-registered company; default the company's taxRegistered).
 * Free lines may be given instead of, or besides, the client product.
 */
export const invoiceCreateSchema = z
  .strictObject({
    clientId: idField,
    invoiced: isoDate,
    clientProductId: idField.optional(),
    useTaxRate: z.enum(YES_NO).optional(),
    due: isoDate.optional(),
    practitionerId: idField.optional(),
    lines: z.array(invoiceLineInputSchema).max(200).optional(),
    notes: optionalText(2000).optional(),
    /** A draft has no number until it is issued (PUT with status active). */
    draft: z.boolean().default(false),
    /**
     * The user's confirmation that a client product already invoiced for the invoiced date's month is to be
     * invoiced again (audited); without it such an invoice answers 409 ALREADY_INVOICED.
     */
    invoiceAgain: z.boolean().optional(),
  })
  .refine((b) => b.clientProductId !== undefined || (b.lines?.length ?? 0) > 0, {
    path: ['clientProductId'],
    message: 'Choose a product.',
  })
  .refine((b) => !b.due || b.due >= b.invoiced, {
    path: ['due'],
    message: 'The due date cannot be before the invoiced date.',
  });
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

/** Texts the spec lacks, beside the invoice schemas. */
export const INVOICE_MESSAGES = {
  alreadyInvoiced: 'This client product is already invoiced for this month.',
  invoiceAgain: 'Invoice again',
  productNotOfCompany: 'Choose a product of this company.',
} as const;

/** Why a PDF (invoice, statement, notice letter) was not made: answered 503, or 429 when the queue is full. */
export const PDF_MESSAGES = {
  failed: 'The PDF could not be made just now. Please try again in a moment.',
  timedOut: 'Making the PDF took too long and was stopped. Please try again in a moment.',
  tooLarge: 'The PDF is too large for the server to make.',
  stopping: 'The server is restarting. Please try again in a moment.',
  practiceQueueFull: 'Your practice already has many PDFs waiting to be made; try again when they are done.',
  serverQueueFull: 'The server is making many PDFs right now; try again in a moment.',
} as const;

/** Update while the invoice is neither paid nor cancelled; status active issues a draft. */
export const invoiceUpdateSchema = z
  .strictObject({
    invoiced: isoDate,
    due: isoDate,
    useTaxRate: z.enum(YES_NO),
    practitionerId: idField.nullable(),
    lines: z.array(invoiceLineInputSchema).min(1).max(200),
    notes: optionalText(2000).nullable(),
    status: z.enum(['active', 'archived']),
  })
  .partial();
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** Record payment: amount in cents (positive, not more than what is outstanding). */
export const paymentInputSchema = z.strictObject({
  amount: z
    .number({ error: FIELD_MESSAGES.required })
    .int(FIELD_MESSAGES.wholeCents)
    .positive('The amount must be more than zero.')
    .max(1_000_000_000_000),
  date: isoDate,
  method: z.enum(PAYMENT_METHOD_CODES),
  reference: optionalText(100).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const invoiceEmailSchema = z.strictObject({
  emailSubject: optionalText(200).optional(),
  emailMessage: optionalText(5000).optional(),
});
export type InvoiceEmail = z.infer<typeof invoiceEmailSchema>;

export const INVOICE_SORT_FIELDS = [
  'invoiced',
  'due',
  'number',
  'clientName',
  'status',
  'totalCents',
  'outstandingCents',
] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];
export const INVOICE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** filters: a JSON object; status is one of the lists (or draft, cancelled), clientName matches by starts with. */
export const invoiceFiltersSchema = z.strictObject({
  status: z.enum([...INVOICE_LISTS, 'draft', 'cancelled']).optional(),
  clientId: idField.optional(),
  clientName: z.string().trim().max(100).optional(),
});
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>;

/** Lazy list query (spec section 7): sortField default invoiced, sortOrder default desc, page 1-based. */
export const invoiceListQuerySchema = z
  .strictObject({
    sortField: z.enum(INVOICE_SORT_FIELDS).default('invoiced'),
    sortOrder: z
      .enum(['asc', 'desc', '1', '-1'])
      .default('desc')
      .transform((o) => (o === 'asc' || o === '1' ? 'asc' : 'desc')),
    search: z.string().trim().max(100).optional(),
    filters: z
      .string()
      .max(500)
      .transform((text, ctx) => {
        try {
          return invoiceFiltersSchema.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: 'filters is a JSON object of status, clientId, clientName.',
          });
          return z.NEVER;
        }
      })
      .optional(),
    /** Invoiced within start and end (ISO dates, both inclusive). */
    start: isoDate.optional(),
    end: isoDate.optional(),
    page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
    size: digitsParam(
      z
        .number()
        .int()
        .refine(
          (n) => (INVOICE_PAGE_SIZES as readonly number[]).includes(n),
          'Page size is 10, 20, 50 or 100.',
        ),
    ).default(10),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, {
    path: ['end'],
    message: 'The end must not be before the start.',
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  productId: z.number().int().nullable(),
  clientProductId: z.number().int().nullable(),
  billingPlanId: z.number().int().nullable(),
  description: z.string(),
  tariffCode: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  vatRateBps: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  amount: z.number().int(),
  date: z.string(),
  method: z.enum(PAYMENT_METHOD_CODES),
  reference: z.string().nullable(),
  created: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  number: z.number().int().nullable(),
  /** The number as printed, e.g. INV-000042; null for a draft. */
  reference: z.string().nullable(),
  clientId: z.number().int(),
  clientName: z.string(),
  billToClientId: z.number().int(),
  billToClientName: z.string(),
  affiliateClientId: z.number().int().nullable(),
  practitionerId: z.number().int().nullable(),
  appointmentId: z.number().int().nullable(),
  clientProductId: z.number().int().nullable(),
  billingPlanId: z.number().int().nullable(),
  billingRunId: z.number().int().nullable(),
  billingPeriod: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  invoiced: z.string(),
  due: z.string(),
  useTaxRate: z.enum(YES_NO),
  currency: z.string(),
  subtotalCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  notes: z.string().nullable(),
  created: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  payments: z.array(paymentSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoicePageSchema = z.object({ data: z.array(invoiceSchema), totalElements: z.number().int() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

/** Issue 13: each list's count, total and outstanding, under the same search, client and dates. */
export const invoiceTotalsSchema = z.array(
  z.object({
    list: z.enum(INVOICE_LISTS),
    count: z.number().int(),
    totalCents: z.number().int(),
    outstandingCents: z.number().int(),
  }),
);
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

/** Spec section 3, Statement request: type C compact or D detailed, opening as C over the last month. */
export const STATEMENT_TYPES = ['C', 'D'] as const;
/**
 * startDate and endDate: ISO date-times (the screen sends start 00:00:00 and end 23:59:59 in the company's
 * time zone, converted to UTC), or plain dates, which the server reads in the company's time zone.
 */
const statementInstant = z.union([instantField, isoDate]);
export const statementRequestSchema = z.strictObject({
  type: z.enum(STATEMENT_TYPES).default('C'),
  startDate: statementInstant,
  endDate: statementInstant,
});
export type StatementRequest = z.infer<typeof statementRequestSchema>;

/** invoiceinfo of a billing or unpaid run: the run and the totals of its invoices. */
export const runInfoSchema = z.object({
  runId: z.number().int(),
  kind: z.enum(['billing', 'unpaid']),
  status: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  started: z.string(),
  finished: z.string().nullable(),
  notices: z.number().int().nullable(),
  invoices: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  error: z.string().nullable(),
});
export type RunInfo = z.infer<typeof runInfoSchema>;

const statementLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
});

/** One row of a detailed statement: an invoice (debit) or a payment (credit), with the running balance. */
export const statementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment']),
  reference: z.string(),
  description: z.string(),
  debitCents: z.number().int(),
  creditCents: z.number().int(),
  balanceCents: z.number().int(),
  lines: z.array(statementLineSchema),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** A statement of the client's account (invoices billed to it), dates in the company's time zone. */
export const statementSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  type: z.enum(STATEMENT_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  currency: z.string(),
  openingBalanceCents: z.number().int(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
  closingBalanceCents: z.number().int(),
  /** Outstanding at the end date by days since invoiced: under 30, 30-59, 60-89, 90-119, 120 and more. */
  ageing: z.object({
    current: z.number().int(),
    days30: z.number().int(),
    days60: z.number().int(),
    days90: z.number().int(),
    days120: z.number().int(),
  }),
  /** Detailed (D) only: every invoice, its lines and every payment of the period. */
  entries: z.array(statementEntrySchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** Issue 13, the client record: what the client owes now and the last payment received. */
export const clientAccountSchema = z.object({
  clientId: z.number().int(),
  currency: z.string(),
  /** Outstanding on the client's issued invoices (neither drafts nor cancelled). */
  owedCents: z.number().int(),
  /** Of that, on invoices due before today (company time zone). */
  overdueCents: z.number().int(),
  /** Issued invoices with something outstanding. */
  openInvoices: z.number().int(),
  /** The latest payment on an invoice billed to the client (write-offs are not payments); null when none. */
  lastPayment: z
    .object({
      date: z.string(),
      amountCents: z.number().int(),
      method: z.enum(PAYMENT_METHOD_CODES),
      invoiceReference: z.string(),
    })
    .nullable(),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;
