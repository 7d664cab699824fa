import {
  FORM_MESSAGES as FM,
  FORM_COMPARABLE_TYPES,
  FORM_LIMITS,
  FORM_NON_QUESTION_TYPES,
  type FormEnableWhen,
  type FormItem,
  type FormItemType,
  type FormValue,
  formTargetOf,
  type Questionnaire,
} from './forms.ts';

export type FormProblem = { path: string; message: string };

/** Every item of a definition, depth first in reading order, with its path and its ancestors. */
export interface PlacedItem {
  item: FormItem;
  path: string;
  depth: number;
  ancestors: FormItem[];
}

export function placeItems(items: FormItem[], base = 'item'): PlacedItem[] {
  const placed: PlacedItem[] = [];
  const walk = (list: FormItem[], path: string, depth: number, ancestors: FormItem[]) => {
    list.forEach((item, index) => {
      const here = `${path}.${index}`;
      placed.push({ item, path: here, depth, ancestors });
      if (item.item) walk(item.item, `${here}.item`, depth + 1, [...ancestors, item]);
    });
  };
  walk(items, base, 1, []);
  return placed;
}

export const isQuestion = (type: FormItemType) => !FORM_NON_QUESTION_TYPES.includes(type);

/** The value[x] key that suits a question type (for first values and answers). */
export function valueKeyFor(type: FormItemType): keyof FormValue | null {
  switch (type) {
    case 'boolean':
      return 'valueBoolean';
    case 'decimal':
      return 'valueDecimal';
    case 'integer':
      return 'valueInteger';
    case 'date':
      return 'valueDate';
    case 'string':
    case 'text':
      return 'valueString';
    case 'choice':
      return 'valueCoding';
    default:
      return null;
  }
}

const ANSWER_KEY: Record<string, keyof FormEnableWhen> = {
  valueBoolean: 'answerBoolean',
  valueDecimal: 'answerDecimal',
  valueInteger: 'answerInteger',
  valueDate: 'answerDate',
  valueString: 'answerString',
  valueCoding: 'answerCoding',
};

/** The key of the one answer an enableWhen compares with. */
export const enableWhenAnswerKey = (condition: FormEnableWhen) =>
  (Object.values(ANSWER_KEY) as (keyof FormEnableWhen)[]).find((k) => condition[k] !== undefined);

/** The answer keys a condition on a question of this type may use (open-choice: a code or a text). */
function answerKeysFor(type: FormItemType): (keyof FormEnableWhen)[] {
  if (type === 'open-choice') return ['answerCoding', 'answerString'];
  const key = valueKeyFor(type);
  return key ? [ANSWER_KEY[key] as keyof FormEnableWhen] : [];
}

const optionCode = (option: NonNullable<FormItem['answerOption']>[number]) =>
  option.valueCoding?.code ?? option.valueString ?? '';

function itemProblems(placed: PlacedItem, seenTargets: Map<string, string>): FormProblem[] {
  const { item, path, depth } = placed;
  const problems: FormProblem[] = [];
  const add = (field: string, message: string) => problems.push({ path: `${path}.${field}`, message });
  const question = isQuestion(item.type);
  if (item.type === 'group' && depth > FORM_LIMITS.depth) add('item', FM.tooDeep);
  if (item.type === 'group' && !item.item?.length) add('item', FM.emptyGroup);
  if (item.type !== 'group' && item.item?.length) add('item', FM.groupChildren);
  const isChoice = item.type === 'choice' || item.type === 'open-choice';
  if (isChoice && !item.answerOption?.length) add('answerOption', FM.noOptions);
  if (!isChoice && item.answerOption?.length) add('answerOption', FM.optionsOnChoiceOnly);
  const codes = new Set<string>();
  for (const option of item.answerOption ?? []) {
    const code = optionCode(option);
    if (codes.has(code)) add('answerOption', FM.duplicateOption(code));
    codes.add(code);
  }
  if (!question && (item.required || item.repeats || item.initial?.length)) add('type', FM.notAQuestion);
  if (item.repeats && (item.type === 'signature' || item.type === 'boolean'))
    add('repeats', FM.repeatsNotHere);
  if (item.maxLength !== undefined && item.type !== 'string' && item.type !== 'text')
    add('maxLength', FM.maxLengthHere);
  if (item.definition !== undefined) {
    const target = formTargetOf(item.definition);
    if (!target) add('definition', FM.unknownTarget);
    else if (!question || item.type === 'attachment' || item.type === 'signature')
      add('definition', FM.targetNotHere);
    else if (seenTargets.has(target)) add('definition', FM.targetTwice(target));
    else seenTargets.set(target, item.linkId);
  }
  const key = valueKeyFor(item.type);
  for (const [i, value] of (item.initial ?? []).entries()) {
    const given = Object.keys(value).find((k) => value[k as keyof FormValue] !== undefined);
    const fits =
      given === key || (item.type === 'open-choice' && (given === 'valueCoding' || given === 'valueString'));
    if (!fits) add(`initial.${i}`, FM.initialType(item.type));
    else if (value.valueCoding && !codes.has(value.valueCoding.code)) add(`initial.${i}`, FM.initialOption);
  }
  if ((item.enableWhen?.length ?? 0) > 1 && !item.enableBehavior) add('enableBehavior', FM.enableBehavior);
  return problems;
}

function conditionProblems(placed: PlacedItem, byLinkId: Map<string, FormItem>): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const [i, condition] of (placed.item.enableWhen ?? []).entries()) {
    const path = `${placed.path}.enableWhen.${i}`;
    const asked = byLinkId.get(condition.question);
    if (condition.question === placed.item.linkId) {
      problems.push({ path: `${path}.question`, message: FM.selfCondition });
      continue;
    }
    if (!asked) {
      problems.push({ path: `${path}.question`, message: FM.unknownQuestion(condition.question) });
      continue;
    }
    if (!FORM_COMPARABLE_TYPES.includes(asked.type)) {
      problems.push({ path: `${path}.question`, message: FM.notComparable });
      continue;
    }
    const answerKey = enableWhenAnswerKey(condition);
    if (condition.operator === 'exists') {
      if (answerKey !== 'answerBoolean') problems.push({ path, message: FM.existsAnswer });
      continue;
    }
    if (!answerKey || !answerKeysFor(asked.type).includes(answerKey))
      problems.push({ path, message: FM.answerType(asked.type) });
    else if (
      ['>', '<', '>=', '<='].includes(condition.operator) &&
      ['answerBoolean', 'answerCoding'].includes(answerKey)
    )
      problems.push({ path: `${path}.operator`, message: FM.orderedOperator });
  }
  return problems;
}

/**
 * What an item's being shown depends on: the questions its conditions ask about, and (a hidden group hides
 * what it holds) the group it sits in.
 */
function dependencies(placed: PlacedItem): string[] {
  const parent = placed.ancestors.at(-1);
  return [...(placed.item.enableWhen ?? []).map((c) => c.question), ...(parent ? [parent.linkId] : [])];
}

/** A circle of conditions (a shows when b is answered, b when a is): the linkIds around it, or null. */
function findCycle(placedItems: PlacedItem[]): string[] | null {
  const edges = new Map(placedItems.map((p) => [p.item.linkId, dependencies(p)]));
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (linkId: string): string[] | null => {
    if (state.get(linkId) === 'done') return null;
    if (state.get(linkId) === 'open') return [...trail.slice(trail.indexOf(linkId)), linkId];
    state.set(linkId, 'open');
    trail.push(linkId);
    for (const next of edges.get(linkId) ?? []) {
      if (!edges.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(linkId, 'done');
    return null;
  };
  for (const linkId of edges.keys()) {
    const cycle = visit(linkId);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Everything that must hold before a definition is published (its shape is the schema's; this is the
 * meaning): unique ids, groups with items, choices with options, known record fields each filled once,
 * conditions about existing questions with answers of their type, and no circle of conditions. Paths are
 * relative to the definition (`item.0.item.2.linkId`).
 */
export function definitionProblems(definition: Questionnaire): FormProblem[] {
  const placed = placeItems(definition.item);
  const problems: FormProblem[] = [];
  if (placed.length > FORM_LIMITS.items) return [{ path: 'item', message: FM.tooManyItems }];
  if (!placed.some((p) => isQuestion(p.item.type))) problems.push({ path: 'item', message: FM.noQuestions });
  const byLinkId = new Map<string, FormItem>();
  for (const p of placed) {
    if (byLinkId.has(p.item.linkId))
      problems.push({ path: `${p.path}.linkId`, message: FM.duplicateLinkId(p.item.linkId) });
    else byLinkId.set(p.item.linkId, p.item);
  }
  const seenTargets = new Map<string, string>();
  for (const p of placed) problems.push(...itemProblems(p, seenTargets), ...conditionProblems(p, byLinkId));
  if (problems.length > 0) return problems;
  const cycle = findCycle(placed);
  if (cycle) {
    const first = placed.find((p) => p.item.linkId === cycle[0]);
    problems.push({ path: `${first?.path ?? 'item'}.enableWhen`, message: FM.cycle(cycle) });
  }
  return problems;
}
