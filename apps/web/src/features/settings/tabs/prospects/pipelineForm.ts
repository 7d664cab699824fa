import { type Pipeline, type PipelineInput, pipelineInputSchema, type StageKind } from '@pd/contracts';
import { formSchema } from '../../../../lib/forms/formSchema.ts';

/** A stage as edited: its id kept (null for a new one), the probability blank until typed. */
export interface StageFormValues {
  id: number | null;
  name: string;
  kind: StageKind;
  probability: number | null;
}
export interface PipelineFormValues {
  name: string;
  stages: StageFormValues[];
}

/** A new pipeline starts as the usual sales funnel, to rename or trim. */
const STARTER_STAGES: StageFormValues[] = [
  { id: null, name: 'New', kind: 'open', probability: 10 },
  { id: null, name: 'Proposal', kind: 'open', probability: 50 },
  { id: null, name: 'Won', kind: 'won', probability: 100 },
  { id: null, name: 'Lost', kind: 'lost', probability: 0 },
];

export const pipelineValues = (pipeline: Pipeline | null): PipelineFormValues => ({
  name: pipeline?.name ?? '',
  stages: pipeline
    ? pipeline.stages.map(({ id, name, kind, probability }) => ({ id, name, kind, probability }))
    : STARTER_STAGES,
});

/** The form's fields are the API's (stages.<i>.<field>): each problem goes on its own input. */
export const isPipelineField = (field: string) => field === 'name' || field.startsWith('stages');

/** Checked as the API checks it; the pipeline keeps its place in the list. */
export const pipelineFormSchema = (position: number) =>
  formSchema<PipelineFormValues, PipelineInput>((values, problem) => {
    const parsed = pipelineInputSchema.safeParse({
      name: values.name,
      position,
      stages: values.stages.map((s) => ({ ...s, probability: s.probability ?? undefined })),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) problem(issue.path.join('.'), issue.message);
    return null;
  });
