import { z } from 'zod';
import { FIELD_MESSAGES, idField, isoDate, requiredText } from './fields.ts';
import { RECORD_TARGETS } from './intake.ts';

/**
 * Issue 18, part 1: a form definition is a subset of FHIR R4 Questionnaire, kept as JSON so it can leave the
 * app as it is. The subset: the item types below (FHIR's, plus `signature`), `required`, `repeats` (question
 * items only), `enableWhen` with `enableBehavior`, `answerOption` (valueCoding or valueString), `initial`,
 * `maxLength`, and `definition`, FHIR's link from an item to the data element it collects, here
 * `urn:practice-desk:<field>` naming the client or healthcare field the item prefills and writes back
 * (the same fields an imported intake form fills). Pure checks for the page and the server live in
 * form-checks.ts.
 */
export const FORM_ITEM_TYPES = [
  'group',
  'display',
  'boolean',
  'decimal',
  'integer',
  'date',
  'string',
  'text',
  'choice',
  'open-choice',
  'attachment',
  'signature',
] as const;
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

/** Types that hold no answer of their own. */
export const FORM_NON_QUESTION_TYPES: readonly FormItemType[] = ['group', 'display'];
/** Types an `enableWhen` may ask about (a file or a signature has no value to compare). */
export const FORM_COMPARABLE_TYPES: readonly FormItemType[] = [
  'boolean',
  'decimal',
  'integer',
  'date',
  'string',
  'text',
  'choice',
  'open-choice',
];

export const FORM_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;
export type FormOperator = (typeof FORM_OPERATORS)[number];

export const FORM_TARGET_PREFIX = 'urn:practice-desk:';
export const formTargetUri = (field: string) => `${FORM_TARGET_PREFIX}${field}`;
/** The record field an item's `definition` names, or null when it names none of them. */
export function formTargetOf(definition: string | undefined): string | null {
  if (!definition?.startsWith(FORM_TARGET_PREFIX)) return null;
  const field = definition.slice(FORM_TARGET_PREFIX.length);
  return (RECORD_TARGETS as readonly string[]).includes(field) ? field : null;
}

/** Sensible limits: a form is read on a phone, and its definition is stored whole in one JSONB value. */
export const FORM_LIMITS = {
  items: 300,
  depth: 5,
  options: 100,
  enableWhen: 10,
  textLength: 1000,
  linkIdLength: 64,
  nameLength: 120,
} as const;

export const FORM_MESSAGES = {
  linkId: 'Use letters, digits, dots, dashes and underscores (at most 64).',
  duplicateLinkId: (linkId: string) => `The id ${linkId} is used by another item.`,
  tooManyItems: `A form has at most ${FORM_LIMITS.items} items.`,
  tooDeep: `Groups nest at most ${FORM_LIMITS.depth} deep.`,
  emptyGroup: 'A group needs at least one item.',
  groupChildren: 'Only a group holds items.',
  noOptions: 'A choice needs at least one option.',
  optionsOnChoiceOnly: 'Only a choice has options.',
  duplicateOption: (code: string) => `The option ${code} is listed twice.`,
  notAQuestion: 'A group or a display text cannot be required, repeat, or have a first value.',
  repeatsNotHere: 'A signature or a yes/no question cannot repeat.',
  unknownTarget: 'Choose a field of the client record, or none.',
  targetTwice: (field: string) => `${field} is filled by another item.`,
  targetNotHere: 'A group, display text, file or signature cannot fill a record field.',
  unknownQuestion: (linkId: string) => `No question has the id ${linkId}.`,
  notComparable: 'Ask about a question with a value (not a group, text, file or signature).',
  answerType: (type: FormItemType) => `The answer to compare must suit a ${type} question.`,
  existsAnswer: '"exists" compares with yes (answered) or no (not answered).',
  orderedOperator: 'Only numbers, dates and text compare with > < >= <=.',
  enableBehavior: 'With more than one condition, say whether all or any must hold.',
  selfCondition: 'An item cannot depend on its own answer.',
  cycle: (linkIds: string[]) => `These items depend on each other in a circle: ${linkIds.join(' → ')}.`,
  initialType: (type: FormItemType) => `The first value must suit a ${type} question.`,
  initialOption: 'The first value must be one of the options.',
  maxLengthHere: 'Only text questions have a maximum length.',
  noQuestions: 'A form needs at least one question.',
  nameTaken: (name: string) => `A form named ${name} exists already.`,
  unknownTemplate: 'Choose one of the shipped forms.',
  noDraft: 'This form has no changes to publish.',
  neverPublished: 'This form was never published: its draft is all it has.',
  draftStarted: 'Someone else started a new version of this form at the same time. Reload it and try again.',
  notPublishable: 'The form cannot be published yet: correct the marked items.',
} as const;

const linkIdField = z
  .string({ error: FIELD_MESSAGES.required })
  .regex(/^[A-Za-z0-9._-]{1,64}$/, FORM_MESSAGES.linkId);
const shortText = (max: number) => z.string().trim().max(max, FIELD_MESSAGES.atMost(max));

export const formCodingSchema = z.strictObject({
  code: requiredText(100),
  display: shortText(200).optional(),
});
export type FormCoding = z.infer<typeof formCodingSchema>;

/** One typed value, FHIR's value[x] (exactly one of these). */
const valueFields = {
  valueBoolean: z.boolean().optional(),
  valueDecimal: z.number().finite().optional(),
  valueInteger: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  valueDate: isoDate.optional(),
  valueString: z
    .string()
    .max(FORM_LIMITS.textLength, FIELD_MESSAGES.atMost(FORM_LIMITS.textLength))
    .optional(),
  valueCoding: formCodingSchema.optional(),
};
const exactlyOne = (keys: string[]) => (value: Record<string, unknown>) =>
  keys.filter((k) => value[k] !== undefined).length === 1;
const VALUE_KEYS = Object.keys(valueFields);

export const formValueSchema = z
  .strictObject(valueFields)
  .refine(exactlyOne(VALUE_KEYS), 'Give exactly one value.');
export type FormValue = z.infer<typeof formValueSchema>;

export const formOptionSchema = z
  .strictObject({ valueCoding: formCodingSchema.optional(), valueString: valueFields.valueString })
  .refine(exactlyOne(['valueCoding', 'valueString']), 'Give a coded or a text option.');
export type FormOption = z.infer<typeof formOptionSchema>;

const answerFields = {
  answerBoolean: z.boolean().optional(),
  answerDecimal: z.number().finite().optional(),
  answerInteger: z.number().int().optional(),
  answerDate: isoDate.optional(),
  answerString: valueFields.valueString,
  answerCoding: formCodingSchema.optional(),
};
export const formEnableWhenSchema = z
  .strictObject({
    question: linkIdField,
    operator: z.enum(FORM_OPERATORS, { error: FIELD_MESSAGES.chooseOption }),
    ...answerFields,
  })
  .refine(exactlyOne(Object.keys(answerFields)), 'Give exactly one answer to compare with.');
export type FormEnableWhen = z.infer<typeof formEnableWhenSchema>;

export interface FormItem {
  linkId: string;
  text?: string;
  type: FormItemType;
  required?: boolean;
  repeats?: boolean;
  maxLength?: number;
  definition?: string;
  enableWhen?: FormEnableWhen[];
  enableBehavior?: 'all' | 'any';
  answerOption?: FormOption[];
  initial?: FormValue[];
  item?: FormItem[];
}

export const formItemSchema: z.ZodType<FormItem> = z.lazy(() =>
  z.strictObject({
    linkId: linkIdField,
    text: shortText(FORM_LIMITS.textLength).optional(),
    type: z.enum(FORM_ITEM_TYPES, { error: FIELD_MESSAGES.chooseOption }),
    required: z.boolean().optional(),
    repeats: z.boolean().optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
    definition: z.string().max(200).optional(),
    enableWhen: z.array(formEnableWhenSchema).max(FORM_LIMITS.enableWhen).optional(),
    enableBehavior: z.enum(['all', 'any']).optional(),
    answerOption: z.array(formOptionSchema).max(FORM_LIMITS.options).optional(),
    initial: z.array(formValueSchema).max(FORM_LIMITS.options).optional(),
    item: z.array(formItemSchema).max(FORM_LIMITS.items).optional(),
  }),
);
/** Named in the OpenAPI document (components.schemas), where the item's recursion refers to itself. */
z.globalRegistry.add(formItemSchema, { id: 'QuestionnaireItem' });

/** How many items a definition holds and how deep its groups nest (the deepest item's level, 1 at the top). */
function itemSize(items: FormItem[] | undefined, depth = 1): { count: number; depth: number } {
  let count = 0;
  let deepest = items?.length ? depth : depth - 1;
  for (const item of items ?? []) {
    const inner = itemSize(item.item, depth + 1);
    count += 1 + inner.count;
    deepest = Math.max(deepest, inner.depth);
  }
  return { count, depth: deepest };
}

/**
 * The definition as stored and exchanged: a FHIR Questionnaire (this subset). Its size is bounded even as a
 * draft (a draft may be incomplete; publication checks its meaning: form-checks.ts).
 */
export const questionnaireSchema = z
  .strictObject({
    resourceType: z.literal('Questionnaire'),
    title: requiredText(FORM_LIMITS.nameLength),
    description: shortText(FORM_LIMITS.textLength).optional(),
    item: z.array(formItemSchema).max(FORM_LIMITS.items),
  })
  .superRefine((q, ctx) => {
    const size = itemSize(q.item);
    if (size.count > FORM_LIMITS.items)
      ctx.addIssue({ code: 'custom', path: ['item'], message: FORM_MESSAGES.tooManyItems });
    if (size.depth > FORM_LIMITS.depth + 1)
      ctx.addIssue({ code: 'custom', path: ['item'], message: FORM_MESSAGES.tooDeep });
  });
export type Questionnaire = z.infer<typeof questionnaireSchema>;

// ------------------------------------------------------------------------------------------ the API

export const FORM_VERSION_STATUSES = ['draft', 'published'] as const;
export type FormVersionStatus = (typeof FORM_VERSION_STATUSES)[number];

export const formTemplateSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  /** Company type the template is meant for (H healthcare, F adviser); both may use either. */
  companyType: z.enum(['H', 'F']),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

export const formCreateSchema = z
  .strictObject({
    /** Start from a shipped template (its key) … */
    template: z.string().max(40).optional(),
    /** … or from this definition; neither: an empty form with the name as its title. */
    definition: questionnaireSchema.optional(),
    name: requiredText(FORM_LIMITS.nameLength).optional(),
  })
  .refine((b) => !(b.template && b.definition), {
    message: 'Give a template or a definition, not both.',
    path: ['template'],
  })
  .refine((b) => b.template || b.definition || b.name, {
    message: FIELD_MESSAGES.required,
    path: ['name'],
  });
export type FormCreate = z.infer<typeof formCreateSchema>;

export const formDraftSchema = z.strictObject({ definition: questionnaireSchema });
export type FormDraft = z.infer<typeof formDraftSchema>;

export const formVersionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(FORM_VERSION_STATUSES),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  updated: z.string(),
});
export type FormVersionSummary = z.infer<typeof formVersionSummarySchema>;

export const formSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The newest published version, or null before the first publication. */
  published: formVersionSummarySchema.nullable(),
  /** The version being edited, or null when there is none. */
  draft: formVersionSummarySchema.nullable(),
  created: z.string(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formVersionSchema = formVersionSummarySchema.extend({
  formId: z.number().int(),
  definition: questionnaireSchema,
});
export type FormVersion = z.infer<typeof formVersionSchema>;

export const formDetailSchema = formSummarySchema.extend({
  versions: z.array(formVersionSummarySchema),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formVersionParamsSchema = z.strictObject({ formId: idField });
