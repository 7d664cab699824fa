import { describe, expect, it } from 'vitest';
import { answerProblems, buildQuestionnaireResponse, shownLinkIds } from './form-answers.ts';
import { definitionProblems } from './form-checks.ts';
import { type FormItem, formTargetUri, type Questionnaire, questionnaireSchema } from './forms.ts';

const form = (...item: FormItem[]): Questionnaire => ({ resourceType: 'Questionnaire', title: 'Test', item });
const yesNo = (linkId: string, extra: Partial<FormItem> = {}): FormItem => ({
  linkId,
  text: linkId,
  type: 'boolean',
  ...extra,
});
const choice: FormItem = {
  linkId: 'scheme',
  text: 'Medical scheme',
  type: 'choice',
  answerOption: [
    { valueCoding: { code: 'discovery', display: 'Discovery Health' } },
    { valueCoding: { code: 'gems', display: 'GEMS' } },
  ],
};
const messages = (q: Questionnaire) => definitionProblems(q).map((p) => `${p.path}: ${p.message}`);

describe('form definitions (issue 18, part 1)', () => {
  it('takes a well-formed definition with groups, conditions, options and record fields', () => {
    const q = form(yesNo('hasAid', { required: true }), {
      linkId: 'aid',
      type: 'group',
      text: 'Medical aid',
      enableWhen: [{ question: 'hasAid', operator: '=', answerBoolean: true }],
      item: [choice, { linkId: 'number', type: 'string', definition: formTargetUri('medicalNumber') }],
    });
    expect(questionnaireSchema.safeParse(q).success).toBe(true);
    expect(definitionProblems(q)).toEqual([]);
  });

  it('names every structural problem by its path', () => {
    const q = form(
      yesNo('a'),
      yesNo('a'),
      { linkId: 'g', type: 'group', item: [] },
      { linkId: 'c', type: 'choice' },
      { linkId: 'd', type: 'display', text: 'Read me', required: true },
      { linkId: 'e', type: 'string', definition: 'urn:practice-desk:notAField' },
      { linkId: 'f', type: 'string', definition: formTargetUri('lastName') },
      { linkId: 'h', type: 'text', definition: formTargetUri('lastName') },
      { linkId: 's', type: 'signature', repeats: true },
    );
    expect(messages(q)).toEqual([
      'item.1.linkId: The id a is used by another item.',
      'item.2.item: A group needs at least one item.',
      'item.3.answerOption: A choice needs at least one option.',
      'item.4.type: A group or a display text cannot be required, repeat, or have a first value.',
      'item.5.definition: Choose a field of the client record, or none.',
      'item.7.definition: lastName is filled by another item.',
      'item.8.repeats: A signature or a yes/no question cannot repeat.',
    ]);
  });

  it('refuses conditions about unknown, unsuitable or own questions, and answers of the wrong type', () => {
    const q = form(
      yesNo('a'),
      choice,
      { linkId: 'sig', type: 'signature' },
      yesNo('b', { enableWhen: [{ question: 'nope', operator: '=', answerBoolean: true }] }),
      yesNo('c', { enableWhen: [{ question: 'c', operator: '=', answerBoolean: true }] }),
      yesNo('d', { enableWhen: [{ question: 'sig', operator: 'exists', answerBoolean: true }] }),
      yesNo('e', { enableWhen: [{ question: 'a', operator: '=', answerString: 'yes' }] }),
      yesNo('f', { enableWhen: [{ question: 'scheme', operator: '>', answerCoding: { code: 'gems' } }] }),
      yesNo('g', {
        enableWhen: [
          { question: 'a', operator: 'exists', answerBoolean: true },
          { question: 'scheme', operator: '=', answerCoding: { code: 'gems' } },
        ],
      }),
    );
    expect(messages(q)).toEqual([
      'item.3.enableWhen.0.question: No question has the id nope.',
      'item.4.enableWhen.0.question: An item cannot depend on its own answer.',
      'item.5.enableWhen.0.question: Ask about a question with a value (not a group, text, file or signature).',
      'item.6.enableWhen.0: The answer to compare must suit a boolean question.',
      'item.7.enableWhen.0.operator: Only numbers, dates and text compare with > < >= <=.',
      'item.8.enableBehavior: With more than one condition, say whether all or any must hold.',
    ]);
  });

  it('refuses a circle of conditions, also through the group an item sits in', () => {
    const direct = form(
      yesNo('a', { enableWhen: [{ question: 'b', operator: '=', answerBoolean: true }] }),
      yesNo('b', { enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }] }),
    );
    expect(messages(direct)).toEqual([
      'item.0.enableWhen: These items depend on each other in a circle: a → b → a.',
    ]);
    const viaGroup = form({
      linkId: 'g',
      type: 'group',
      enableWhen: [{ question: 'inner', operator: 'exists', answerBoolean: true }],
      item: [yesNo('inner')],
    });
    expect(messages(viaGroup)).toEqual([
      'item.0.enableWhen: These items depend on each other in a circle: g → inner → g.',
    ]);
  });

  it('refuses a first value that does not suit the question or is not an option', () => {
    const q = form(yesNo('a', { initial: [{ valueString: 'yes' }] }), {
      ...choice,
      initial: [{ valueCoding: { code: 'momentum' } }],
    });
    expect(messages(q)).toEqual([
      'item.0.initial.0: The first value must suit a boolean question.',
      'item.1.initial.0: The first value must be one of the options.',
    ]);
  });

  it('refuses a form of display texts only, and one nested past five groups', () => {
    expect(messages(form({ linkId: 'd', type: 'display', text: 'Hi' }))).toEqual([
      'item: A form needs at least one question.',
    ]);
    let item: FormItem = yesNo('leaf');
    for (let depth = 6; depth >= 1; depth--) item = { linkId: `g${depth}`, type: 'group', item: [item] };
    expect(messages(form(item))).toEqual([`${'item.0.'.repeat(6)}item: Groups nest at most 5 deep.`]);
  });
});

describe('answers (issue 18, parts 4 and 5)', () => {
  const q = form(
    yesNo('hasAid', { required: true }),
    {
      linkId: 'aid',
      type: 'group',
      enableWhen: [{ question: 'hasAid', operator: '=', answerBoolean: true }],
      item: [
        { ...choice, required: true },
        { linkId: 'number', type: 'string', required: true, maxLength: 12 },
        {
          linkId: 'dependant',
          type: 'integer',
          enableWhen: [{ question: 'scheme', operator: '=', answerCoding: { code: 'gems' } }],
        },
      ],
    },
    { linkId: 'allergies', type: 'string', repeats: true },
    { linkId: 'sign', type: 'signature', required: true },
  );
  const signature = {
    valueAttachment: { contentType: 'image/png', size: 3, data: 'iVBO', hash: 'a'.repeat(64) },
  };

  it('shows a group and what it holds only while its condition holds, and nested conditions on top', () => {
    expect([...shownLinkIds(q, { hasAid: [{ valueBoolean: false }] })].sort()).toEqual([
      'allergies',
      'hasAid',
      'sign',
    ]);
    const gems = { hasAid: [{ valueBoolean: true }], scheme: [{ valueCoding: { code: 'gems' } }] };
    expect(shownLinkIds(q, gems).has('dependant')).toBe(true);
    expect(shownLinkIds(q, { ...gems, hasAid: [{ valueBoolean: false }] }).has('dependant')).toBe(false);
  });

  it('asks for required answers of shown questions only, and the signature', () => {
    expect(answerProblems(q, { hasAid: [{ valueBoolean: true }] })).toEqual([
      { path: 'answers.scheme', message: 'Answer this question.' },
      { path: 'answers.number', message: 'Answer this question.' },
      { path: 'answers.sign', message: 'Sign here.' },
    ]);
    expect(answerProblems(q, { hasAid: [{ valueBoolean: false }], sign: [signature] })).toEqual([]);
  });

  it('refuses answers to hidden, unknown or non-questions, of the wrong type, too long or not an option', () => {
    const problems = answerProblems(q, {
      hasAid: [{ valueBoolean: false }],
      number: [{ valueString: '123' }],
      aid: [{ valueString: 'x' }],
      ghost: [{ valueString: 'x' }],
      sign: [{ valueString: 'me' }],
    });
    expect(problems).toEqual([
      { path: 'answers.number', message: 'This question does not apply to the answers given.' },
      { path: 'answers.aid', message: 'A group or a display text takes no answer.' },
      { path: 'answers.ghost', message: 'The form has no question ghost.' },
      { path: 'answers.sign', message: 'This answer does not suit the question.' },
    ]);
    const shown = answerProblems(q, {
      hasAid: [{ valueBoolean: true }, { valueBoolean: false }],
      scheme: [{ valueCoding: { code: 'momentum' } }],
      number: [{ valueString: '1234567890123' }],
      sign: [signature],
    });
    expect(shown).toEqual([
      { path: 'answers.hasAid', message: 'Give one answer only.' },
      { path: 'answers.scheme', message: 'Choose one of the options.' },
      { path: 'answers.number', message: 'At most 12 characters.' },
    ]);
  });

  it('builds the QuestionnaireResponse of the shown answers, nested by group, codings with their display', () => {
    const response = buildQuestionnaireResponse(q, {
      hasAid: [{ valueBoolean: true }],
      scheme: [{ valueCoding: { code: 'gems' } }],
      number: [{ valueString: '99887766' }],
      allergies: [{ valueString: 'Penicillin' }, { valueString: 'Latex' }],
      sign: [signature],
    });
    expect(response).toEqual({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [
        { linkId: 'hasAid', text: 'hasAid', answer: [{ valueBoolean: true }] },
        {
          linkId: 'aid',
          item: [
            {
              linkId: 'scheme',
              text: 'Medical scheme',
              answer: [{ valueCoding: { code: 'gems', display: 'GEMS' } }],
            },
            { linkId: 'number', answer: [{ valueString: '99887766' }] },
          ],
        },
        { linkId: 'allergies', answer: [{ valueString: 'Penicillin' }, { valueString: 'Latex' }] },
        { linkId: 'sign', answer: [signature] },
      ],
    });
  });
});
