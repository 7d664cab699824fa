import type { Questionnaire } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { builderProblems } from './builderProblems.ts';
import { problemTarget } from './formTree.ts';

const form = (item: Questionnaire['item']): Questionnaire => ({
  resourceType: 'Questionnaire',
  title: 'T',
  item,
});

describe('what the builder lists before publication', () => {
  it('lists a shape problem (a linkId with a space) at its item and field', () => {
    const problems = builderProblems(
      form([
        { linkId: 'ok', type: 'string' },
        { linkId: 'not ok', type: 'string' },
      ]),
    );
    expect(problems).toHaveLength(1);
    expect(problemTarget(problems[0]?.path ?? '')).toEqual({ path: [1], field: 'linkId' });
  });

  it('lists the meaning problems publication refuses once the shape holds', () => {
    const problems = builderProblems(
      form([
        { linkId: 'a', type: 'choice', text: 'Pick' },
        {
          linkId: 'b',
          type: 'string',
          enableWhen: [{ question: 'gone', operator: '=', answerString: 'x' }],
          definition: 'urn:practice-desk:nonsense',
        },
      ]),
    );
    expect(problems.map((p) => p.path)).toEqual([
      'item.0.answerOption',
      'item.1.definition',
      'item.1.enableWhen.0.question',
    ]);
  });

  it('lists nothing for a sound form, and the missing question of an empty one', () => {
    expect(builderProblems(form([{ linkId: 'a', type: 'boolean', text: 'Yes?' }]))).toEqual([]);
    expect(builderProblems(form([{ linkId: 'd', type: 'display', text: 'Hello' }]))).toEqual([
      { path: 'item', message: 'A form needs at least one question.' },
    ]);
  });
});
