import {
  PROSPECT_MESSAGES as M,
  type Pipeline,
  type PipelineInput,
  STAGE_KIND_LABELS,
  STAGE_KINDS,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Controller, get, useFieldArray, useFormContext } from 'react-hook-form';
import { useSavePipeline } from '../../../../api/prospects.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { optionsOf } from '../../../../components/form/options.ts';
import { TextField } from '../../../../components/form/TextField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { FormDialog } from '../../FormDialog.tsx';
import {
  isPipelineField,
  type PipelineFormValues,
  pipelineFormSchema,
  pipelineValues,
} from './pipelineForm.ts';

const KIND_OPTIONS = optionsOf(STAGE_KINDS, STAGE_KIND_LABELS);

/** Adds a pipeline (null) or renames one and adds, removes and reorders its stages. */
export function PipelineDialog({
  pipeline,
  position,
  onDone,
}: {
  pipeline: Pipeline | null;
  position: number;
  onDone: () => void;
}) {
  const { company } = useSession();
  const save = useSavePipeline(company.id);
  const contract = useContractForm<PipelineFormValues, PipelineInput>({
    schema: pipelineFormSchema(pipeline?.position ?? position),
    defaultValues: pipelineValues(pipeline),
    save: (input) => save.mutateAsync({ id: pipeline?.id ?? null, input }),
    success: pipeline ? M.pipelineUpdated : M.pipelineCreated,
    isShown: isPipelineField,
    onDone,
  });
  return (
    <FormDialog
      header={pipeline ? `Edit pipeline: ${pipeline.name}` : 'New pipeline'}
      contract={contract}
      onCancel={onDone}
      wide
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <Stages />
    </FormDialog>
  );
}

/** The stages in order: name, kind, default probability; moved up or down, removed, added. */
function Stages() {
  const { control, formState } = useFormContext<PipelineFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'stages' });
  const listError = get(formState.errors, 'stages.message') ?? get(formState.errors, 'stages.root.message');
  return (
    <div className="diary-hours pipeline-stages client-form__field--wide">
      {/* On a phone the rows scroll sideways inside the dialog. */}
      <div className="pipeline-stages__scroll">
        <table className="diary-hours__table">
          <caption className="sr-only">Stages, in order</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Kind</th>
              <th scope="col">Probability (%)</th>
              <th scope="col">
                <span className="sr-only">Order and removal</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id} data-testid={`stage-row-${index}`}>
                <td>
                  <StageName index={index} />
                </td>
                <td>
                  <Controller
                    control={control}
                    name={`stages.${index}.kind`}
                    render={({ field: f }) => (
                      <Dropdown
                        inputId={`settings-stages-${index}-kind`}
                        aria-label={`Kind of stage ${index + 1}`}
                        value={f.value}
                        options={KIND_OPTIONS}
                        optionLabel="label"
                        optionValue="value"
                        onChange={(e) => f.onChange(e.value)}
                        pt={{
                          select: { 'aria-hidden': true },
                          trigger: { 'aria-label': `Choose the kind of stage ${index + 1}` },
                        }}
                      />
                    )}
                  />
                </td>
                <td>
                  <StageProbability index={index} />
                </td>
                <td className="pipeline-stages__buttons">
                  <Button
                    type="button"
                    icon="pi pi-arrow-up"
                    text
                    aria-label={`Move stage ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="button"
                    icon="pi pi-arrow-down"
                    text
                    aria-label={`Move stage ${index + 1} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    aria-label={`Remove stage ${index + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(index)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {typeof listError === 'string' && <small className="field-error">{listError}</small>}
      <Button
        type="button"
        label="Add stage"
        icon="pi pi-plus"
        size="small"
        outlined
        disabled={fields.length >= 30}
        onClick={() => append({ id: null, name: '', kind: 'open', probability: 50 })}
      />
    </div>
  );
}

const fieldError = (errors: object, name: string) => get(errors, `${name}.message`) as string | undefined;

function StageName({ index }: { index: number }) {
  const { register, formState } = useFormContext<PipelineFormValues>();
  const name = `stages.${index}.name` as const;
  const id = `settings-stages-${index}-name`;
  const error = fieldError(formState.errors, name);
  return (
    <>
      <InputText
        {...register(name)}
        id={id}
        aria-label={`Name of stage ${index + 1}`}
        className="pipeline-stages__name"
        maxLength={100}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </>
  );
}

function StageProbability({ index }: { index: number }) {
  const { control, formState } = useFormContext<PipelineFormValues>();
  const name = `stages.${index}.probability` as const;
  const id = `settings-stages-${index}-probability`;
  const error = fieldError(formState.errors, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <>
          <InputNumber
            inputId={id}
            aria-label={`Probability of stage ${index + 1} (%)`}
            value={f.value}
            onValueChange={(e) => f.onChange(e.value ?? null)}
            onBlur={f.onBlur}
            useGrouping={false}
            size={4}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <small id={`${id}-error`} className="field-error">
              {error}
            </small>
          )}
        </>
      )}
    />
  );
}
