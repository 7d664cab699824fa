import { describe, expect, it } from 'vitest';
import { pipelineFormSchema, pipelineValues } from './pipelineForm.ts';

const pipeline = {
  id: 4,
  name: 'New business',
  position: 2,
  stages: [
    { id: 10, pipelineId: 4, name: 'New', kind: 'open' as const, probability: 10, position: 0 },
    { id: 11, pipelineId: 4, name: 'Won', kind: 'won' as const, probability: 100, position: 1 },
  ],
};

describe('the pipeline form', () => {
  it('edits the stages it has (ids kept) and sends them in order, with the pipeline keeping its place', () => {
    const values = pipelineValues(pipeline);
    const added = { id: null, name: 'Lost', kind: 'lost' as const, probability: 0 };
    const parsed = pipelineFormSchema(pipeline.position).safeParse({
      ...values,
      stages: [values.stages[1], values.stages[0], added],
    });
    expect(parsed.success && parsed.data).toEqual({
      name: 'New business',
      position: 2,
      stages: [
        { id: 11, name: 'Won', kind: 'won', probability: 100 },
        { id: 10, name: 'New', kind: 'open', probability: 10 },
        added,
      ],
    });
  });

  it('starts a new pipeline with the usual stages', () => {
    expect(pipelineValues(null).stages.map((s) => [s.name, s.kind, s.id])).toEqual([
      ['New', 'open', null],
      ['Proposal', 'open', null],
      ['Won', 'won', null],
      ['Lost', 'lost', null],
    ]);
  });

  it("puts each problem on its stage's own input", () => {
    const values = pipelineValues(null);
    const parsed = pipelineFormSchema(0).safeParse({
      name: '',
      stages: values.stages.map((s, i) =>
        i === 1 ? { ...s, probability: 150 } : i === 2 ? { ...s, name: ' ', probability: null } : s,
      ),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'name',
      'stages.1.probability',
      'stages.2.name',
      'stages.2.probability',
    ]);
  });
});
